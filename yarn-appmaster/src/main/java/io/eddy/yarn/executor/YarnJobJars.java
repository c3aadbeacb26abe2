package io.eddy.yarn.executor;

import io.eddy.executor.ExecutorLookup;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The jars a YARN submission ships with the job: those the program was given ({@code
 * eddy.execution.jars}, set by {@code eddy run}); under {@code yarn jar app.jar}, with none given,
 * the jar {@code RunJar} runs (the second word of {@code sun.java.command}).
 */
final class YarnJobJars {

    private YarnJobJars() {}

    /**
     * The job's jars, checked to exist.
     *
     * @throws IOException naming a jar that does not exist or is not a file
     */
    static List<Path> resolve(List<Path> configured, String javaCommandOrNull) throws IOException {
        List<Path> jars = new ArrayList<>(configured);
        if (jars.isEmpty() && ExecutorLookup.isRunJar(javaCommandOrNull)) {
            String[] words = javaCommandOrNull.trim().split("\\s+");
            if (words.length > 1) {
                jars.add(Path.of(words[1]));
            }
        }
        List<Path> checked = new ArrayList<>();
        for (Path jar : jars) {
            Path absolute = jar.toAbsolutePath().normalize();
            if (!Files.isRegularFile(absolute)) {
                throw new IOException("The job jar " + absolute + " does not exist or is not a file (listed in eddy.execution.jars "
                        + "or given to 'yarn jar'): check the path; nothing was submitted to YARN");
            }
            checked.add(absolute);
        }
        return checked;
    }
}
