package io.eddy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.FlatMapFunction;
import io.eddy.api.common.io.OutputFormat;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code eddy plan} prints a batch job's optimized plan without running it (no cluster, no sockets). */
class PlanCommandTest {

    /** A batch word count over its first argument, written nowhere. */
    public static final class WordCountJob {
        private WordCountJob() {}

        public static void main(String[] args) throws Exception {
            ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment();
            env.readTextFile(args[0]).flatMap(new Split()).groupBy(0).sum(1).output(new Discard<>());
            env.execute("plan test");
            throw new IllegalStateException("execute() returned although eddy plan set plan-only");
        }
    }

    /**
     * The same job in a program that handles its own failures, as a picocli command's runner does
     * (it prints the exception and returns an exit code for {@code main} to exit with).
     */
    public static final class GuardedWordCountJob {
        private GuardedWordCountJob() {}

        public static void main(String[] args) {
            try {
                WordCountJob.main(args);
            } catch (Exception e) {
                System.err.println("the job failed: " + e);
            }
        }
    }

    /** Line to (word, 1). */
    public static final class Split implements FlatMapFunction<String, Tuple2<String, Integer>> {
        @Override
        public void flatMap(String line, Collector<Tuple2<String, Integer>> out) {
            for (String w : line.split(" ")) {
                out.collect(Tuple2.of(w, 1));
            }
        }
    }

    /** Drops records. */
    public static final class Discard<T> implements OutputFormat<T> {
        @Override
        public void open(int subtask, int parallelism) {}

        @Override
        public void writeRecord(T record) {}

        @Override
        public void close() {}
    }

    private record Result(int code, String out, String err) {}

    private static Result eddy(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = EddyCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    void printsTheOptimizedPlanReadablyAndAsJson(@TempDir Path dir) throws Exception {
        Path jar = jobJar(dir);
        Result text = eddy("plan", "-p", "3", jar.toString(), dir.resolve("words.txt").toString());
        assertThat(text.code()).as(text.err()).isZero();
        assertThat(text.out()).contains("Plan of job 'plan test'").contains("reduceCombine").contains("HASH on [0]").contains("p=3")
                .contains("Tasks (2 vertices").containsPattern("memory 0\\.\\d{1,2}(?!\\d)");

        Result json = eddy("plan", "--json", jar.toString(), dir.resolve("words.txt").toString());
        assertThat(json.code()).as(json.err()).isZero();
        assertThat(json.out().trim()).startsWith("{\"job\":\"plan test\"").contains("\"ship\":\"HASH\"");
        assertThat(System.getProperty("eddy.execution.plan-only")).isNull();
    }

    @Test
    void capturesThePlanOfAProgramThatCatchesItsExceptions(@TempDir Path dir) throws Exception {
        Result text = eddy("plan", "-c", GuardedWordCountJob.class.getName(), jobJar(dir).toString(), dir.resolve("words.txt").toString());
        assertThat(text.code()).as(text.err()).isZero();
        assertThat(text.out()).contains("Plan of job 'plan test'").contains("reduceCombine");
    }

    private static Path jobJar(Path dir) throws Exception {
        Path jar = dir.resolve("plan-test-job.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, WordCountJob.class.getName());
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest)) {
            for (Class<?> c : List.of(WordCountJob.class, GuardedWordCountJob.class, Split.class, Discard.class)) {
                String entry = c.getName().replace('.', '/') + ".class";
                out.putNextEntry(new JarEntry(entry));
                try (InputStream in = c.getClassLoader().getResourceAsStream(entry)) {
                    in.transferTo(out);
                }
                out.closeEntry();
            }
        }
        return jar;
    }
}
