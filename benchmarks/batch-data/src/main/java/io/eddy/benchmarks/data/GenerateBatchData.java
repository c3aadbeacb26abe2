package io.eddy.benchmarks.data;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Command line of the batch benchmarks' data: generates the inputs once (into a temporary file
 * renamed into place when complete, so an interrupted run never leaves a file that looks done) and
 * reuses a file that exists; runs the word count ceiling. Messages go to stderr, {@code RESULT}
 * lines to stdout.
 */
@Command(name = "batch-data", mixinStandardHelpOptions = true, description = "Generates batch benchmark inputs; runs the word count ceiling.",
        subcommands = {GenerateBatchData.Text.class, GenerateBatchData.Tera.class, GenerateBatchData.Ceiling.class})
public final class GenerateBatchData implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(new CommandLine(new GenerateBatchData()).execute(args));
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command: choose text, terasort or ceiling");
    }

    /** Something that writes a file's content. */
    @FunctionalInterface
    interface Writer {
        void write(OutputStream out) throws IOException;
    }

    /** Writes {@code target} through {@code writer} unless it exists; returns true if it was written. */
    static boolean generateOnce(Path target, Writer writer) throws IOException {
        if (Files.exists(target)) {
            System.err.printf("batch-data: reusing %s (%d bytes)%n", target, Files.size(target));
            return false;
        }
        Path parent = target.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path temporary = Files.createTempFile(parent, "." + target.getFileName(), ".inprogress");
        try (OutputStream out = Files.newOutputStream(temporary)) {
            writer.write(out);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temporary);
            throw e;
        }
        Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
        System.err.printf("batch-data: wrote %s (%d bytes)%n", target, Files.size(target));
        return true;
    }

    /** Zipf-like text. */
    @Command(name = "text", mixinStandardHelpOptions = true, description = "Zipf-like text of about --bytes bytes (whole lines).")
    static final class Text implements Callable<Integer> {

        @Option(names = "--bytes", required = true, description = "Size of the text in bytes.")
        long bytes;

        @Option(names = "--out", required = true, description = "The file to write (kept if it exists).")
        Path out;

        @Option(names = "--vocabulary", defaultValue = "100000", description = "Distinct words to draw from (default: ${DEFAULT-VALUE}).")
        int vocabulary;

        @Override
        public Integer call() throws IOException {
            generateOnce(out, o -> new ZipfText(vocabulary).write(o, bytes, ZipfText.DEFAULT_SEED));
            return 0;
        }
    }

    /** TeraSort-shaped records. */
    @Command(name = "terasort", mixinStandardHelpOptions = true, description = "--bytes / 100 TeraSort-shaped records of 100 bytes.")
    static final class Tera implements Callable<Integer> {

        @Option(names = "--bytes", required = true, description = "Size of the file in bytes (rounded down to whole records).")
        long bytes;

        @Option(names = "--out", required = true, description = "The file to write (kept if it exists).")
        Path out;

        @Override
        public Integer call() throws IOException {
            generateOnce(out, o -> TeraRecords.write(o, bytes / TeraRecords.RECORD_BYTES, TeraRecords.DEFAULT_SEED));
            return 0;
        }
    }

    /** The single-threaded word count. */
    @Command(name = "ceiling", mixinStandardHelpOptions = true, description = "Counts the words of --input in one plain loop; prints a RESULT line.")
    static final class Ceiling implements Callable<Integer> {

        @Option(names = "--input", required = true, description = "The text file.")
        Path input;

        @Override
        public Integer call() throws IOException {
            WordCountCeiling.Outcome o = WordCountCeiling.run(input);
            System.out.printf(Locale.ROOT, "RESULT name=wordcount-batch system=ceiling rate=%.0f words=%d distinct=%d checksum=%d bytes=%d threads=1 seconds=%.2f%n",
                    o.rate(), o.words(), o.distinct(), o.checksum(), Files.size(input), o.seconds());
            return 0;
        }
    }
}
