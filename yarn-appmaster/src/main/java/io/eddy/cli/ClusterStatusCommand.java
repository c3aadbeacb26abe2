package io.eddy.cli;

import io.eddy.master.remote.ClusterClient;
import io.eddy.master.web.MasterWebServer;
import io.eddy.runtime.cluster.JobSummary;
import io.eddy.runtime.cluster.WorkerRegistration;
import io.eddy.runtime.cluster.rpc.HostPort;
import io.eddy.runtime.rpc.Secret;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code eddy cluster status}: which recorded processes run, which workers the master has, how many jobs. Exit 1 if no master runs. */
@Command(name = "status", mixinStandardHelpOptions = true, description = "Shows the processes, workers and jobs of a cluster.")
final class ClusterStatusCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--dir", paramLabel = "DIR", description = "Cluster directory (default: " + ClusterDirectory.DEFAULT + ").")
    private Path dir;

    @Override
    public Integer call() throws IOException {
        ClusterDirectory cluster = ClusterDirectory.resolve(dir);
        PrintWriter out = spec.commandLine().getOut();
        List<ClusterDirectory.ProcessEntry> entries = cluster.readProcesses();
        if (entries.isEmpty()) {
            out.println("No cluster is running in " + cluster.path() + " (start one with 'eddy cluster start')");
            out.flush();
            return EddyCli.EXIT_FAILURE;
        }
        for (ClusterDirectory.ProcessEntry e : entries) {
            boolean alive = ClusterStopCommand.liveProcess(e, cluster.path()).isPresent();
            out.printf("%-10s pid %-8d %s%n", e.name(), e.pid(), alive ? "running" : "not running");
        }
        InetSocketAddress master = cluster.masterAddress();
        try (ClusterClient client = ClusterClient.connect(master, cluster.secretFile())) {
            List<WorkerRegistration> workers = client.workers();
            List<JobSummary> jobs = client.listJobs();
            out.println("Master " + HostPort.format(master) + ": " + workers.size() + " worker(s) registered, "
                    + workers.stream().mapToInt(WorkerRegistration::slots).sum() + " slot(s), " + jobs.size() + " job(s)");
            for (WorkerRegistration w : workers) {
                out.println("  " + w.describe() + ", " + w.slots() + " slot(s), data " + HostPort.format(w.dataAddress()));
            }
            out.println("Dashboard action token (cancel, savepoint): " + MasterWebServer.actionToken(Secret.fromFile(cluster.secretFile())));
        } catch (IOException e) {
            throw CliException.failure("The master at " + HostPort.format(master) + " does not answer: " + e.getMessage(), e);
        }
        out.flush();
        return EddyCli.EXIT_OK;
    }
}
