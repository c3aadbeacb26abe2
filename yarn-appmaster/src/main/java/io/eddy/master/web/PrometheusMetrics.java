package io.eddy.master.web;

import io.eddy.master.ClusterMetrics;
import io.eddy.master.JobMetrics;
import io.eddy.master.checkpoint.CheckpointRecord;
import io.eddy.runtime.cluster.WorkerSample;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * The master's {@code /metrics} resource, written by the Prometheus Java client's own text format
 * writer (docs/monitoring.md, "Metrics"): every job's latest task metrics as counters, a series per
 * subtask labelled {@code job} (id), {@code job_name}, {@code vertex} (index in the job graph),
 * {@code vertex_name}, {@code subtask} and {@code worker} (a restarted subtask's series counts its
 * latest attempt, from zero: a counter reset, which Prometheus' {@code rate()} handles), its buffer
 * usage and latest acknowledged checkpoint as gauges; each checkpointing job's checkpoint counts and
 * latest completed checkpoint, labelled {@code job} and {@code job_name}; and each worker's JVM and
 * memory, a series per worker labelled {@code worker}.
 */
final class PrometheusMetrics {

    static final String CONTENT_TYPE = PrometheusTextFormatWriter.CONTENT_TYPE;

    private static final PrometheusTextFormatWriter WRITER = PrometheusTextFormatWriter.create();

    private PrometheusMetrics() {}

    /** The text exposition of {@code metrics}. */
    static byte[] render(ClusterMetrics metrics, long now) throws IOException {
        List<JobMetrics> jobs = metrics.jobs();
        List<WorkerSample> workers = metrics.workers();
        MetricSnapshots snapshots = MetricSnapshots.of(
                gauge(workers, "eddy_worker_heap_used_bytes", "JVM heap in use", WorkerSample::heapUsedBytes),
                gauge(workers, "eddy_worker_heap_max_bytes", "Most JVM heap the worker may use", WorkerSample::heapMaxBytes),
                workerCounter(workers, "eddy_worker_gc_collections", "Garbage collections, all collectors", WorkerSample::gcCollections),
                workerCounter(workers, "eddy_worker_gc_seconds", "Time in garbage collections", s -> s.gcMillis() / 1e3),
                gauge(workers, "eddy_worker_managed_memory_used_bytes", "Managed memory (sort, hash, spill buffers) held by tasks",
                        WorkerSample::managedUsedBytes),
                gauge(workers, "eddy_worker_managed_memory_bytes", "The worker's managed memory", WorkerSample::managedTotalBytes),
                workerCounter(workers, "eddy_worker_spilled_bytes", "Bytes written to spill files", WorkerSample::spilledBytes),
                counter(jobs, "eddy_task_records_in", "Records a task read from its input gates", JobMetrics.Subtask::recordsIn),
                counter(jobs, "eddy_task_records_out", "Records a task wrote to its output edges (a broadcast record once)",
                        JobMetrics.Subtask::recordsOut),
                counter(jobs, "eddy_task_bytes_in", "Record bytes a task read from network buffers (none for records handed over as objects)",
                        JobMetrics.Subtask::bytesIn),
                counter(jobs, "eddy_task_bytes_out", "Record bytes a task wrote to network buffers (a broadcast record once per consumer)",
                        JobMetrics.Subtask::bytesOut),
                operatorRecordsIn(jobs),
                counter(jobs, "eddy_task_spilled_bytes", "Bytes a task wrote to spill files (sorts, hash tables, blocking results)",
                        JobMetrics.Subtask::spilledBytes),
                taskGauge(jobs, "eddy_task_input_pool_usage", "Share of a task's input network buffers holding data it has not read, 0 to 1",
                        s -> true, JobMetrics.Subtask::inputPoolUsage),
                taskGauge(jobs, "eddy_task_output_pool_usage", "Share of a task's output network buffers in use, 0 to 1", s -> true,
                        JobMetrics.Subtask::outputPoolUsage),
                taskGauge(jobs, "eddy_task_checkpoint_id", "The latest checkpoint a task acknowledged", s -> s.checkpoint() != null,
                        s -> s.checkpoint().checkpointId()),
                taskGauge(jobs, "eddy_task_checkpoint_duration_seconds",
                        "From the trigger of a task's latest acknowledged checkpoint to the master's receipt of its acknowledgement",
                        s -> s.checkpoint() != null, s -> s.checkpoint().durationMillis() / 1e3),
                taskGauge(jobs, "eddy_task_checkpoint_state_bytes", "State a task wrote for its latest acknowledged checkpoint",
                        s -> s.checkpoint() != null, s -> s.checkpoint().stateSize()),
                taskGauge(jobs, "eddy_task_checkpoint_alignment_seconds", "How long a task aligned barriers for its latest acknowledged checkpoint",
                        s -> s.checkpoint() != null, s -> s.checkpoint().alignmentNanos() / 1e9),
                taskGauge(jobs, "eddy_task_checkpoint_sync_seconds", "The synchronous part of a task's latest acknowledged checkpoint",
                        s -> s.checkpoint() != null, s -> s.checkpoint().syncNanos() / 1e9),
                taskGauge(jobs, "eddy_task_checkpoint_async_seconds", "The asynchronous part of a task's latest acknowledged checkpoint",
                        s -> s.checkpoint() != null, s -> s.checkpoint().asyncNanos() / 1e9),
                jobCounter(jobs, "eddy_job_checkpoints_completed", "Checkpoints the job completed (savepoints not counted)",
                        j -> j.checkpoints().completed()),
                jobCounter(jobs, "eddy_job_checkpoints_failed", "Checkpoints of the job that failed", j -> j.checkpoints().failed()),
                jobGauge(jobs, "eddy_job_last_checkpoint_duration_seconds", "From trigger to completion of the job's latest completed checkpoint",
                        r -> (r.endTime() - r.triggerTime()) / 1e3),
                jobGauge(jobs, "eddy_job_last_checkpoint_size_bytes", "The state of the job's latest completed checkpoint",
                        r -> r.stateSize()),
                jobGauge(jobs, "eddy_job_last_checkpoint_alignment_seconds", "The tasks' alignments for the job's latest completed checkpoint, summed",
                        r -> r.alignmentMillis() / 1e3),
                counter(jobs, "eddy_task_back_pressured_seconds",
                        "Time a task waited for room in its outputs; its rate is the back-pressured share of time",
                        s -> s.backPressuredNanos() / 1e9),
                watermarkLag(jobs, "eddy_task_input_watermark_lag_seconds",
                        "How far the event time a task's head reached is behind the master's clock", JobMetrics.Subtask::inputWatermark, now),
                watermarkLag(jobs, "eddy_task_output_watermark_lag_seconds",
                        "How far the latest watermark a task sent downstream is behind the master's clock", JobMetrics.Subtask::outputWatermark,
                        now));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        WRITER.write(out, snapshots);
        return out.toByteArray();
    }

    private static GaugeSnapshot gauge(List<WorkerSample> workers, String name, String help, ToDoubleFunction<WorkerSample> value) {
        GaugeSnapshot.Builder gauge = GaugeSnapshot.builder().name(name).help(help);
        for (WorkerSample w : workers) {
            gauge.dataPoint(GaugeDataPointSnapshot.builder().labels(Labels.of("worker", w.worker().value())).value(value.applyAsDouble(w)).build());
        }
        return gauge.build();
    }

    private static CounterSnapshot workerCounter(List<WorkerSample> workers, String name, String help, ToDoubleFunction<WorkerSample> value) {
        CounterSnapshot.Builder counter = CounterSnapshot.builder().name(name).help(help);
        for (WorkerSample w : workers) {
            counter.dataPoint(CounterDataPointSnapshot.builder().labels(Labels.of("worker", w.worker().value())).value(value.applyAsDouble(w))
                    .build());
        }
        return counter.build();
    }

    /** A gauge per subtask with an event-time watermark (none yet, or the end's, give no series): seconds from it to {@code now}. */
    private static GaugeSnapshot watermarkLag(List<JobMetrics> jobs, String name, String help, ToLongFunction<JobMetrics.Subtask> watermark,
            long now) {
        GaugeSnapshot.Builder gauge = GaugeSnapshot.builder().name(name).help(help);
        for (JobMetrics job : jobs) {
            for (JobMetrics.Subtask s : job.subtasks()) {
                long w = watermark.applyAsLong(s);
                if (JobMetrics.Subtask.isEventTime(w)) {
                    gauge.dataPoint(GaugeDataPointSnapshot.builder().labels(labels(job, s)).value((now - w) / 1e3).build());
                }
            }
        }
        return gauge.build();
    }

    /**
     * A counter per operator of every subtask's chain: the records it was handed (the head's, the
     * records its task read), labelled as a subtask's series plus {@code operator} (its index in
     * the chain) and {@code operator_name}.
     */
    private static CounterSnapshot operatorRecordsIn(List<JobMetrics> jobs) {
        CounterSnapshot.Builder counter = CounterSnapshot.builder().name("eddy_operator_records_in")
                .help("Records an operator of a task's chain was handed (the head's: the records the task read)");
        for (JobMetrics job : jobs) {
            for (JobMetrics.Subtask s : job.subtasks()) {
                List<String> names = job.operatorNames().get(s.vertex());
                long[] counts = s.operatorRecordsIn();
                for (int i = 0; i < counts.length && i < names.size(); i++) {
                    Labels labels = labels(job, s).merge(Labels.of("operator", Integer.toString(i), "operator_name", names.get(i)));
                    counter.dataPoint(CounterDataPointSnapshot.builder().labels(labels).value(counts[i]).build());
                }
            }
        }
        return counter.build();
    }

    /** A gauge per subtask for which {@code has} holds. */
    private static GaugeSnapshot taskGauge(List<JobMetrics> jobs, String name, String help, Predicate<JobMetrics.Subtask> has,
            ToDoubleFunction<JobMetrics.Subtask> value) {
        GaugeSnapshot.Builder gauge = GaugeSnapshot.builder().name(name).help(help);
        for (JobMetrics job : jobs) {
            for (JobMetrics.Subtask s : job.subtasks()) {
                if (has.test(s)) {
                    gauge.dataPoint(GaugeDataPointSnapshot.builder().labels(labels(job, s)).value(value.applyAsDouble(s)).build());
                }
            }
        }
        return gauge.build();
    }

    /** A counter per job that takes periodic checkpoints. */
    private static CounterSnapshot jobCounter(List<JobMetrics> jobs, String name, String help, ToDoubleFunction<JobMetrics> value) {
        CounterSnapshot.Builder counter = CounterSnapshot.builder().name(name).help(help);
        for (JobMetrics job : jobs) {
            if (job.checkpoints().periodic()) {
                counter.dataPoint(CounterDataPointSnapshot.builder().labels(jobLabels(job)).value(value.applyAsDouble(job)).build());
            }
        }
        return counter.build();
    }

    /** A gauge per job with a completed checkpoint: {@code value} of the latest. */
    private static GaugeSnapshot jobGauge(List<JobMetrics> jobs, String name, String help, ToDoubleFunction<CheckpointRecord> value) {
        GaugeSnapshot.Builder gauge = GaugeSnapshot.builder().name(name).help(help);
        for (JobMetrics job : jobs) {
            CheckpointRecord latest = job.checkpoints().latestCompleted();
            if (latest != null) {
                gauge.dataPoint(GaugeDataPointSnapshot.builder().labels(jobLabels(job)).value(value.applyAsDouble(latest)).build());
            }
        }
        return gauge.build();
    }

    private static Labels jobLabels(JobMetrics job) {
        return Labels.of("job", job.job().toString(), "job_name", job.name());
    }

    private static Labels labels(JobMetrics job, JobMetrics.Subtask s) {
        return Labels.of("job", job.job().toString(), "job_name", job.name(), "vertex", Integer.toString(s.vertex()), "vertex_name",
                s.vertexName(), "subtask", Integer.toString(s.subtask()), "worker", s.worker());
    }

    private static CounterSnapshot counter(List<JobMetrics> jobs, String name, String help, ToDoubleFunction<JobMetrics.Subtask> value) {
        CounterSnapshot.Builder counter = CounterSnapshot.builder().name(name).help(help);
        for (JobMetrics job : jobs) {
            for (JobMetrics.Subtask s : job.subtasks()) {
                counter.dataPoint(CounterDataPointSnapshot.builder().labels(labels(job, s)).value(value.applyAsDouble(s)).build());
            }
        }
        return counter.build();
    }
}
