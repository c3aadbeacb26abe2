package io.eddy.yarn.client;

import io.eddy.configuration.Configuration;
import io.eddy.jobgraph.JobGraph;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What to deploy on YARN.
 *
 * @param mode a per-job application (runs the first job submitted to it, then ends) or a session
 * @param name the YARN application name
 * @param userJars local jars shipped in addition to the client's class path (e.g. the job jar)
 * @param settings {@link io.eddy.yarn.YarnOptions} (containers, slots, memory, queue, ...) and any
 *     other Eddy setting handed to the ApplicationMaster's master ({@code master.*},
 *     {@code restart-strategy*}, ...); they take precedence over the deployer's settings
 * @param job a per-job application's job, when known at deployment: it is staged, and the AM asks
 *     for its worker containers on the hosts that store the job's input (docs/yarn.md, "Locality");
 *     null for a session, or a per-job application whose job comes later (containers anywhere)
 */
public record YarnDeployment(Mode mode, String name, List<Path> userJars, Configuration settings, JobGraph job) {

    /** The kind of application: see docs/yarn.md, "AM lifecycle and final status". */
    public enum Mode {
        PER_JOB("per-job", "eddy-per-job"),
        SESSION("session", "eddy-session");

        private final String value;
        private final String tag;

        Mode(String value, String tag) {
            this.value = value;
            this.tag = tag;
        }

        /** The value of {@code yarn.mode} in {@code eddy-conf.properties}. */
        public String value() {
            return value;
        }

        /** The YARN application tag of applications in this mode. */
        public String tag() {
            return tag;
        }

        /** Parses {@link #value()}; fails naming the accepted values. */
        public static Mode parse(String value) {
            for (Mode mode : values()) {
                if (mode.value.equals(value)) {
                    return mode;
                }
            }
            throw new IllegalArgumentException(StagingLayout.MODE_KEY + ": '" + value + "' (expected: per-job or session)");
        }
    }

    public YarnDeployment {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(name, "name");
        userJars = List.copyOf(userJars);
        Objects.requireNonNull(settings, "settings");
        if (job != null && mode != Mode.PER_JOB) {
            throw new IllegalArgumentException("YarnDeployment '" + name + "': a job (" + job.jobId() + ") is given for a " + mode.value()
                    + " application (expected: only per-job applications are deployed with their job; submit jobs to a session after it started)");
        }
    }

    /** A deployment without a job: a session, or a per-job application whose job is submitted later. */
    public YarnDeployment(Mode mode, String name, List<Path> userJars, Configuration settings) {
        this(mode, name, userJars, settings, null);
    }
}
