package io.eddy.yarn.client;

import io.eddy.configuration.ConfigOption;
import io.eddy.configuration.Configuration;
import io.eddy.master.remote.ClusterProcesses;
import io.eddy.yarn.YarnOptions;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.yarn.api.ApplicationConstants;

/**
 * The JVM options of Eddy's containers (docs/yarn.md, "Options"): Eddy's own for the worker
 * containers ({@link #WORKER_DEFAULTS}), then the user's from {@link
 * YarnOptions#CONTAINER_JVM_OPTIONS} or {@link YarnOptions#AM_JVM_OPTIONS}. The JVM takes the last
 * of repeated options, so the user's win, also over the heap the container's memory implies.
 *
 * <p>The options are split at whitespace and go on the container's command line, which the
 * NodeManager runs with a shell. An option holding a quote, a backslash or a character the shell
 * interprets is rejected with the option's name, rather than passed on to do something else;
 * {@code <LOG_DIR>} (the container's log directory, which the NodeManager fills in) is allowed.
 */
public final class ContainerJvmOptions {

    /** Eddy's options of every worker container: the collector {@code eddy cluster start} gives its workers. */
    public static final List<String> WORKER_DEFAULTS = List.of(ClusterProcesses.COLLECTOR);

    /** Characters a POSIX shell gives a meaning to, and quotes and backslashes. */
    private static final String SHELL_CHARACTERS = "'\"\\`$;&|<>(){}[]*?!#~";

    private ContainerJvmOptions() {}

    /** The JVM options of a worker container: {@link #WORKER_DEFAULTS}, then {@code yarn.container-jvm-options}. */
    public static List<String> worker(Configuration settings) {
        List<String> options = new ArrayList<>(WORKER_DEFAULTS);
        options.addAll(parse(settings, YarnOptions.CONTAINER_JVM_OPTIONS));
        return List.copyOf(options);
    }

    /** The JVM options of the ApplicationMaster's container: {@code yarn.am-jvm-options}. */
    public static List<String> am(Configuration settings) {
        return parse(settings, YarnOptions.AM_JVM_OPTIONS);
    }

    /**
     * The options of {@code option}, split at whitespace.
     *
     * @throws IllegalArgumentException naming the option and the offending text if an option holds
     *     a quote, a backslash or a shell character, or does not start with {@code -}
     */
    static List<String> parse(Configuration settings, ConfigOption<String> option) {
        String value = settings.get(option);
        if (value == null || value.isBlank()) {
            return List.of();
        }
        List<String> options = new ArrayList<>();
        for (String token : value.trim().split("\\s+")) {
            if (!token.startsWith("-")) {
                throw new IllegalArgumentException(option.key() + ": '" + token + "' is not a JVM option (expected: options starting with '-',"
                        + " separated by spaces, e.g. \"-XX:+UseG1GC -Dkey=value\")");
            }
            String checked = token.replace(ApplicationConstants.LOG_DIR_EXPANSION_VAR, "");
            for (int i = 0; i < checked.length(); i++) {
                char c = checked.charAt(i);
                if (SHELL_CHARACTERS.indexOf(c) >= 0 || Character.isISOControl(c)) {
                    throw new IllegalArgumentException(option.key() + ": the option '" + token + "' holds '" + c + "', which the container's"
                            + " launch shell would interpret; JVM options here may hold no quotes, backslashes or shell characters"
                            + " (only <LOG_DIR> for the log directory)");
                }
            }
            options.add(token);
        }
        return List.copyOf(options);
    }
}
