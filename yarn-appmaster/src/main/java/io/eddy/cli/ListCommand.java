package io.eddy.cli;

import io.eddy.master.remote.ClusterClient;
import io.eddy.runtime.cluster.JobSummary;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code eddy list}: the jobs of a cluster with id, name and status. */
@Command(name = "list", mixinStandardHelpOptions = true, description = "Lists the jobs of a cluster.")
final class ListCommand implements Callable<Integer> {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneId.systemDefault());

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Mixin
    private ClusterTarget target;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try (ClusterClient client = target.connect()) {
            List<JobSummary> jobs = client.listJobs();
            if (jobs.isEmpty()) {
                out.println("No jobs");
            } else {
                out.printf("%-32s  %-10s  %-19s  %5s  %s%n", "JOB ID", "STATUS", "STARTED", "TASKS", "NAME");
                for (JobSummary j : jobs) {
                    out.printf("%-32s  %-10s  %-19s  %5d  %s%n", j.id(), j.status(), TIME.format(Instant.ofEpochMilli(j.startTime())), j.tasks(), j.name());
                }
            }
        } catch (IOException e) {
            throw CliException.failure(e.getMessage(), e);
        }
        out.flush();
        return EddyCli.EXIT_OK;
    }
}
