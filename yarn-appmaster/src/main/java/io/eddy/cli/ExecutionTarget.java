package io.eddy.cli;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The value of {@code --target}: where {@code eddy run} runs a job, or which cluster {@code list},
 * {@code cancel} and {@code savepoint} talk to.
 *
 * <pre>
 * local                    the embedded cluster in this process (run only)
 * remote                   the master of --master HOST:PORT or --cluster-dir DIR
 * yarn                     a new per-job YARN application (run only)
 * yarn-session:APPID       the YARN session APPID
 * yarn:APPID               the running per-job application APPID (list, cancel, savepoint only)
 * </pre>
 *
 * @param kind the kind of target
 * @param applicationIdOrNull the YARN application id of {@code yarn-session:APPID} / {@code yarn:APPID}, else null
 */
record ExecutionTarget(Kind kind, String applicationIdOrNull) {

    /** The kinds of target. */
    enum Kind {
        LOCAL("local"),
        REMOTE("remote"),
        YARN("yarn"),
        YARN_SESSION("yarn-session");

        private final String value;

        Kind(String value) {
            this.value = value;
        }

        String value() {
            return value;
        }
    }

    /** The values {@code --target} accepts, for help texts and errors. */
    static final String VALUES = "local, remote, yarn, yarn-session:APPID (list, cancel, savepoint: also yarn:APPID)";

    private static final Pattern APPLICATION_ID = Pattern.compile("application_\\d+_\\d+");

    static final ExecutionTarget LOCAL = new ExecutionTarget(Kind.LOCAL, null);
    static final ExecutionTarget REMOTE = new ExecutionTarget(Kind.REMOTE, null);
    static final ExecutionTarget YARN = new ExecutionTarget(Kind.YARN, null);

    ExecutionTarget {
        Objects.requireNonNull(kind, "kind");
    }

    /**
     * Parses a {@code --target} value.
     *
     * @throws CliException (usage) naming the value and the accepted forms
     */
    static ExecutionTarget parse(String value) {
        String v = value == null ? "" : value.trim();
        int colon = v.indexOf(':');
        String name = colon < 0 ? v : v.substring(0, colon);
        String id = colon < 0 ? null : v.substring(colon + 1).trim();
        switch (name) {
            case "local", "remote" -> {
                if (id != null) {
                    throw CliException.usage("--target " + v + ": '" + name + "' takes no application id (expected one of: " + VALUES + ")");
                }
                return name.equals("local") ? LOCAL : REMOTE;
            }
            case "yarn" -> {
                return id == null ? YARN : new ExecutionTarget(Kind.YARN, checkApplicationId(v, id));
            }
            case "yarn-session" -> {
                if (id == null || id.isEmpty()) {
                    throw CliException.usage("--target " + v + ": the session's application id is missing: write --target "
                            + "yarn-session:application_<cluster timestamp>_<number> (see 'eddy yarn-session list')");
                }
                return new ExecutionTarget(Kind.YARN_SESSION, checkApplicationId(v, id));
            }
            default -> throw CliException.usage("--target " + (v.isEmpty() ? "''" : v) + ": unknown target (expected one of: " + VALUES + ")");
        }
    }

    /** Whether {@code id} has the form of a YARN application id. */
    static boolean isApplicationId(String id) {
        return id != null && APPLICATION_ID.matcher(id).matches();
    }

    private static String checkApplicationId(String value, String id) {
        if (!isApplicationId(id)) {
            throw CliException.usage("--target " + value + ": '" + id + "' is not a YARN application id (expected: "
                    + "application_<cluster timestamp>_<number>, e.g. application_1700000000000_0001, as 'eddy yarn-session list' or "
                    + "'yarn application -list' print it)");
        }
        return id;
    }

    /** Whether this target names a running YARN application ({@code yarn-session:APPID} or {@code yarn:APPID}). */
    boolean isYarnApplication() {
        return applicationIdOrNull != null;
    }

    @Override
    public String toString() {
        return applicationIdOrNull == null ? kind.value() : kind.value() + ":" + applicationIdOrNull;
    }
}
