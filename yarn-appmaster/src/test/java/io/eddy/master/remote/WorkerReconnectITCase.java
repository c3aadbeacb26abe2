package io.eddy.master.remote;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.java.tuple.Tuple2;
import io.eddy.configuration.Configuration;
import io.eddy.executor.ExecutionOptions;
import io.eddy.runtime.cluster.WorkerRegistration;
import io.eddy.runtime.cluster.rpc.HostPort;
import io.eddy.runtime.rpc.Secret;
import io.eddy.runtime.worker.MasterAddressFile;
import io.eddy.streaming.api.datastream.CloseableIterator;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A worker started with {@code --master-address-file} outlives its master: when the master process
 * is killed, it waits, finds a new master's address in the file, registers there under its name and
 * runs that master's jobs (what a YARN worker container does across ApplicationMaster attempts).
 * Without a new address within {@code --reconnect-timeout}, it exits with 1.
 */
@Timeout(180)
class WorkerReconnectITCase {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private final List<ClusterProcesses.Launched> processes = new ArrayList<>();

    @AfterEach
    void killAll() throws InterruptedException {
        for (ClusterProcesses.Launched p : processes) {
            p.process().destroyForcibly();
        }
        for (ClusterProcesses.Launched p : processes) {
            p.process().waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void aWorkerServesTheMasterPublishedAfterItsOwnDied(@TempDir Path dir) throws Exception {
        Orphan orphan = orphanedWorker(dir, "kept-worker");
        Path secretFile = orphan.secretFile();
        Secret secret = orphan.secret();
        String addressFile = orphan.addressFile();
        ClusterProcesses.Launched worker = orphan.worker();
        Thread.sleep(1500); // the worker notices the loss and polls the file, which still names the dead master
        assertThat(worker.process().isAlive()).as("the worker waits for a new master").isTrue();

        ClusterProcesses.Launched second = startMaster(dir.resolve("second"), secretFile);
        InetSocketAddress secondAddress = ClusterProcesses.awaitMasterAddress(second, START_TIMEOUT);
        MasterAddressFile.write(addressFile, secondAddress);
        try (ClusterClient client = ClusterClient.connect(secondAddress, secret)) {
            assertThat(client.awaitWorkers(1, START_TIMEOUT)).as("workers of the new master").extracting(WorkerRegistration::id)
                    .extracting(Object::toString).containsExactly("kept-worker");
        }
        assertThat(worker.process().pid()).as("the same worker process").isEqualTo(worker.pid());
        // The master lists the worker before the worker has read the master's answer and printed its line.
        awaitOutput(worker, "registered with the master at " + HostPort.format(secondAddress));

        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(new Configuration()
                .set(ExecutionOptions.TARGET, RemoteExecutorFactory.TARGET)
                .set(ExecutionOptions.MASTER_ADDRESS, HostPort.format(secondAddress))
                .set(RemoteOptions.SECRET_FILE, secretFile.toString()));
        env.setParallelism(1);
        List<Tuple2<Long, Long>> rolling = new ArrayList<>();
        try (CloseableIterator<Tuple2<Long, Long>> counts = TestJobs.keyedCounts(env, 1_000, 3).executeAndCollect("on the kept worker")) {
            counts.forEachRemaining(rolling::add);
        }
        assertThat(TestJobs.finalCounts(rolling)).isEqualTo(TestJobs.expectedCounts(1_000, 3));
    }

    /**
     * A new ApplicationMaster attempt on the same host may bind the port its predecessor freed: the
     * file then names the same address as before, and the worker must still find the new master there.
     */
    @Test
    void aNewMasterOnTheLostMastersPortIsFoundThere(@TempDir Path dir) throws Exception {
        Orphan orphan = orphanedWorker(dir, "same-port-worker");
        InetSocketAddress address = orphan.lostMaster();
        ClusterProcesses.Launched worker = orphan.worker();
        ClusterProcesses.Launched second = start(ClusterProcesses.startMaster(dir.resolve("second"), "127.0.0.1", address.getPort(),
                orphan.secretFile(), ProcessClusterExtension.TEST_JVM_OPTIONS));
        assertThat(ClusterProcesses.awaitMasterAddress(second, START_TIMEOUT)).isEqualTo(address);
        MasterAddressFile.write(orphan.addressFile(), address);
        try (ClusterClient client = ClusterClient.connect(address, orphan.secret())) {
            assertThat(client.awaitWorkers(1, START_TIMEOUT)).as("workers of the new master on the old port").extracting(WorkerRegistration::id)
                    .extracting(Object::toString).containsExactly("same-port-worker");
        }
        assertThat(worker.process().isAlive()).isTrue();
    }

    @Test
    void withoutANewMasterTheWorkerExitsAfterTheReconnectTimeout(@TempDir Path dir) throws Exception {
        Path secretFile = dir.resolve("secret");
        Secret secret = writeSecret(secretFile);
        String addressFile = dir.resolve("master.address").toUri().toString();
        ClusterProcesses.Launched master = startMaster(dir.resolve("master"), secretFile);
        InetSocketAddress address = ClusterProcesses.awaitMasterAddress(master, START_TIMEOUT);
        ClusterProcesses.Launched worker = start(ClusterProcesses.startWorker(dir, "waiting-worker", address, 1, secret,
                ProcessClusterExtension.TEST_JVM_OPTIONS, List.of("--master-address-file", addressFile, "--reconnect-timeout", "3s")));
        try (ClusterClient client = ClusterClient.connect(address, secret)) {
            assertThat(client.awaitWorkers(1, START_TIMEOUT)).hasSize(1);
        }
        master.process().destroyForcibly();
        assertThat(worker.process().waitFor(60, TimeUnit.SECONDS)).as("the worker exits after its reconnect timeout").isTrue();
        assertThat(worker.process().exitValue()).isEqualTo(1);
        assertThat(Files.readString(worker.logFile())).contains("no new master within PT3S");
    }

    private static void awaitOutput(ClusterProcesses.Launched process, String line) throws Exception {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (!Files.readString(process.outFile()).contains(line)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(process.name() + " did not print '" + line + "' within " + START_TIMEOUT + "; output:"
                        + System.lineSeparator() + process.outputTail(20));
            }
            Thread.sleep(50); // a process's output offers no notification
        }
    }

    /** A worker whose master died: the cluster's secret (and its file), the master address file, the lost master's address. */
    private record Orphan(Path secretFile, Secret secret, String addressFile, InetSocketAddress lostMaster, ClusterProcesses.Launched worker) {}

    /** Starts a master ("first") and worker {@code name} registered with it, then kills the master. */
    private Orphan orphanedWorker(Path dir, String name) throws Exception {
        Path secretFile = dir.resolve("secret");
        Secret secret = writeSecret(secretFile);
        String addressFile = dir.resolve("master.address").toUri().toString();
        ClusterProcesses.Launched first = startMaster(dir.resolve("first"), secretFile);
        InetSocketAddress address = ClusterProcesses.awaitMasterAddress(first, START_TIMEOUT);
        ClusterProcesses.Launched worker = startRegisteredWorker(dir, name, address, secret, addressFile);
        first.process().destroyForcibly();
        first.process().waitFor(30, TimeUnit.SECONDS);
        return new Orphan(secretFile, secret, addressFile, address, worker);
    }

    /**
     * Publishes {@code master} in {@code addressFile}, starts worker {@code name} with it (reconnect
     * timeout 60 s) and waits until that master lists exactly this worker.
     */
    private ClusterProcesses.Launched startRegisteredWorker(Path dir, String name, InetSocketAddress master, Secret secret,
            String addressFile) throws Exception {
        MasterAddressFile.write(addressFile, master);
        ClusterProcesses.Launched worker = start(ClusterProcesses.startWorker(dir, name, master, 1, secret,
                ProcessClusterExtension.TEST_JVM_OPTIONS, List.of("--master-address-file", addressFile, "--reconnect-timeout", "60s")));
        try (ClusterClient client = ClusterClient.connect(master, secret)) {
            assertThat(client.awaitWorkers(1, START_TIMEOUT)).extracting(WorkerRegistration::id).extracting(Object::toString)
                    .containsExactly(name);
        }
        return worker;
    }

    private static Secret writeSecret(Path file) throws java.io.IOException {
        Secret secret = Secret.generate();
        secret.writeTo(file);
        return secret;
    }

    private ClusterProcesses.Launched startMaster(Path dir, Path secretFile) throws java.io.IOException {
        return start(ClusterProcesses.startMaster(dir, "127.0.0.1", 0, secretFile, ProcessClusterExtension.TEST_JVM_OPTIONS));
    }

    private ClusterProcesses.Launched start(ClusterProcesses.Launched launched) {
        processes.add(launched);
        return launched;
    }
}
