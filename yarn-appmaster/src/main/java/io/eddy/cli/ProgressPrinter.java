package io.eddy.cli;

import io.eddy.executor.JobClient;
import io.eddy.executor.JobDetails;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * The lines {@code eddy run} prints while a job of the program runs (docs/monitoring.md): the job's
 * state and time, then one line per stage (job vertex) with its subtasks and, for a batch source, a
 * bar of its input splits done. On a terminal the block is redrawn in place every interval; into a
 * file or pipe it is printed as plain lines, when it changed and at most every {@code
 * plainInterval}. When the job ends, its final block is printed once more as the summary.
 *
 * <p>Each submitted job gets its own daemon thread ({@code eddy-progress}), which asks the master
 * through {@link JobClient#getJobDetails()} and writes to {@code out}; a job the master no longer
 * knows ends the thread. Thread-safe: the threads share only {@code out}, a {@link PrintWriter} (which locks),
 * and the list of threads, a concurrent list.
 */
final class ProgressPrinter implements Consumer<JobClient> {

    /** Characters of a stage's name shown before it is cut. */
    static final int NAME_WIDTH = 36;
    private static final int BAR_WIDTH = 12;

    private final PrintWriter out;
    private final boolean terminal;
    private final Duration interval;
    private final Duration plainInterval;
    private final List<Thread> threads = new java.util.concurrent.CopyOnWriteArrayList<>();

    /**
     * @param terminal whether {@code out} is a terminal (redraw in place) or a file or pipe (plain lines)
     * @param interval how often the master is asked
     * @param plainInterval the least time between two blocks of plain lines
     */
    ProgressPrinter(PrintWriter out, boolean terminal, Duration interval, Duration plainInterval) {
        this.out = Objects.requireNonNull(out, "out");
        this.terminal = terminal;
        this.interval = interval;
        this.plainInterval = plainInterval;
    }

    @Override
    public void accept(JobClient client) {
        Thread thread = new Thread(() -> follow(client), "eddy-progress " + client.getJobId());
        thread.setDaemon(true);
        threads.add(thread);
        thread.start();
    }

    /** Waits up to {@code wait} for the threads to print their jobs' summaries (call when the program has returned). */
    void awaitSummaries(Duration wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        for (Thread thread : threads) {
            thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        }
    }

    private void follow(JobClient client) {
        String name = "job " + client.getJobId();
        List<String> shown = List.of();
        long lastPlain = System.nanoTime() - plainInterval.toNanos();
        JobDetails previous = null;
        long previousAt = 0;
        try {
            while (!client.getJobResult().isDone()) {
                Optional<JobDetails> details;
                try {
                    details = client.getJobDetails().get(interval.toMillis() + 10_000, TimeUnit.MILLISECONDS);
                } catch (ExecutionException e) {
                    if (client.awaitEnd(Duration.ofSeconds(5))) {
                        break; // the job ended while we asked, and its master with it (embedded): the summary says how
                    }
                    throw e;
                }
                if (details.isEmpty()) {
                    return;
                }
                name = "'" + details.get().name() + "'";
                long now = System.currentTimeMillis();
                List<String> lines = render(details.get(), now, previous, now - previousAt);
                previous = details.get();
                previousAt = now;
                if (terminal) {
                    redraw(shown.size(), lines);
                    shown = lines;
                } else if (!sameButTime(lines, shown) && System.nanoTime() - lastPlain >= plainInterval.toNanos()) {
                    print(lines);
                    shown = lines;
                    lastPlain = System.nanoTime();
                }
                client.awaitEnd(interval);
            }
            summary(client, name, shown);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // The job's own result reports how it ended; its progress lines stop here, saying why.
            out.println("(no more progress of job " + client.getJobId() + ": " + (e.getCause() != null ? e.getCause() : e) + ")");
        }
    }

    /**
     * The job as it ended, from the master (which keeps ended jobs for a while); where the master
     * has gone with its job (the embedded cluster ends with the program's job), the job's line from
     * its result.
     */
    private void summary(JobClient client, String name, List<String> shown) throws InterruptedException {
        List<String> lines;
        try {
            Optional<JobDetails> last = client.getJobDetails().get(10, TimeUnit.SECONDS);
            lines = last.isPresent() ? render(last.get(), System.currentTimeMillis()) : List.of(resultLine(client, name));
        } catch (ExecutionException | TimeoutException e) {
            lines = List.of(resultLine(client, name));
        }
        if (terminal) {
            redraw(shown.size(), lines);
        } else {
            print(lines);
        }
    }

    /**
     * {@code Job 'NAME' FINISHED, 12.3 s} from the job's result; where the result failed, why this
     * client stopped following the job (the job may have failed, or the program closed its client
     * before the job's end reached it; the program reports a failure of its job itself).
     */
    private static String resultLine(JobClient client, String name) throws InterruptedException {
        try {
            return "Job " + name + " FINISHED, " + seconds(client.getJobResult().get().getNetRuntime());
        } catch (java.util.concurrent.CancellationException e) {
            return "Job " + name + " CANCELED";
        } catch (ExecutionException e) {
            String why = e.getCause() == null ? e.toString() : String.valueOf(e.getCause().getMessage());
            return "Job " + name + ": no longer followed (" + why.lines().findFirst().orElse("") + ")";
        }
    }


    private void redraw(int previousLines, List<String> lines) {
        StringBuilder b = new StringBuilder();
        if (previousLines > 0) {
            b.append("\033[").append(previousLines).append('A'); // up to the block's first line
        }
        int columns = columns();
        for (String line : lines) {
            // Cut to the terminal's width: a wrapped line would take two rows, and the next redraw would start too low.
            b.append("\r\033[2K").append(line.length() < columns ? line : line.substring(0, columns - 1)).append('\n');
        }
        for (int i = lines.size(); i < previousLines; i++) {
            b.append("\r\033[2K\n");
        }
        out.print(b);
        out.flush();
    }

    /** The terminal's width: the shell's {@code COLUMNS} where exported, else 80. */
    private static int columns() {
        String columns = System.getenv("COLUMNS");
        try {
            return columns == null ? 80 : Math.max(20, Integer.parseInt(columns.trim()));
        } catch (NumberFormatException e) {
            return 80; // not a number: the common width
        }
    }

    private void print(List<String> lines) {
        StringBuilder b = new StringBuilder();
        lines.forEach(line -> b.append(line).append('\n'));
        out.print(b);
        out.flush();
    }

    /** Whether two blocks differ only in the job's time (its first line). */
    private static boolean sameButTime(List<String> a, List<String> b) {
        return a.size() == b.size() && !a.isEmpty() && a.subList(1, a.size()).equals(b.subList(1, b.size()));
    }

    /**
     * The block for {@code job} at {@code now}: {@code Job 'NAME' RUNNING, 12 s}, then per stage its
     * name (cut to {@link #NAME_WIDTH}), parallelism, subtasks by state and, for a batch source, a
     * bar of its splits done.
     */
    static List<String> render(JobDetails job, long now) {
        return render(job, now, null, 0);
    }

    /**
     * The job's block at {@code now}; with the details of {@code sinceMillis} before ({@code
     * previous}, or null), each stage's records per second over that time.
     */
    static List<String> render(JobDetails job, long now, JobDetails previous, long sinceMillis) {
        List<String> lines = new ArrayList<>();
        long millis = (job.endTime() >= 0 ? job.endTime() : now) - job.startTime();
        lines.add("Job '" + job.name() + "' " + job.status() + ", " + seconds(millis));
        for (JobDetails.VertexDetails v : job.vertices()) {
            StringBuilder line = new StringBuilder("  ");
            String name = v.name().length() > NAME_WIDTH ? v.name().substring(0, NAME_WIDTH - 3) + "..." : v.name();
            line.append(String.format("%-" + NAME_WIDTH + "s", name)).append(String.format(" x%-3d", v.parallelism()));
            if (v.readsSplits()) {
                int filled = v.splits() == 0 ? BAR_WIDTH : (int) ((long) BAR_WIDTH * v.splitsDone() / v.splits());
                line.append(" [").append("#".repeat(filled)).append("-".repeat(BAR_WIDTH - filled)).append("] ")
                        .append(v.splitsDone()).append('/').append(v.splits()).append(" splits");
            }
            line.append(' ').append(states(v));
            if (v.recordsIn() > 0 || v.recordsOut() > 0) {
                line.append("; ").append(records(v.recordsIn(), v.recordsOut()));
                int index = lines.size() - 1;
                if (previous != null && sinceMillis > 0 && previous.vertices().size() == job.vertices().size()) {
                    JobDetails.VertexDetails before = previous.vertices().get(index);
                    long moved = v.recordsOut() > 0 ? v.recordsOut() - before.recordsOut() : v.recordsIn() - before.recordsIn();
                    if (moved >= 0 && v.running() > 0) {
                        line.append(" (").append(count(moved * 1000 / sinceMillis)).append("/s)");
                    }
                }
            }
            lines.add(line.toString());
        }
        return lines;
    }

    /** {@code 1.2 k in, 3.4 M out}, either left out where it is 0. */
    private static String records(long in, long out) {
        List<String> parts = new ArrayList<>();
        if (in > 0) {
            parts.add(count(in) + " in");
        }
        if (out > 0) {
            parts.add(count(out) + " out");
        }
        return String.join(", ", parts);
    }

    /** A count in three significant digits or fewer: {@code 999}, {@code 12.3 k}, {@code 4.56 M}, {@code 1.20 G}. */
    static String count(long n) {
        if (n < 1_000) {
            return Long.toString(n);
        }
        String[] units = {"k", "M", "G", "T"};
        double v = n;
        int unit = -1;
        while (v >= 999.5 && unit < units.length - 1) {
            v /= 1000;
            unit++;
        }
        String digits = v >= 99.95 ? String.format(java.util.Locale.ROOT, "%.0f", v)
                : v >= 9.995 ? String.format(java.util.Locale.ROOT, "%.1f", v) : String.format(java.util.Locale.ROOT, "%.2f", v);
        return digits + " " + units[unit];
    }

    private static String states(JobDetails.VertexDetails v) {
        List<String> parts = new ArrayList<>();
        if (v.finished() > 0) {
            parts.add(v.finished() + " finished");
        }
        if (v.running() > 0) {
            parts.add(v.running() + " running");
        }
        if (v.created() > 0) {
            parts.add(v.created() + " waiting");
        }
        if (v.failed() > 0) {
            parts.add(v.failed() + " failed");
        }
        if (v.canceled() > 0) {
            parts.add(v.canceled() + " canceled");
        }
        return String.join(", ", parts);
    }

    private static String seconds(long millis) {
        return millis < 60_000 ? String.format(java.util.Locale.ROOT, "%.1f s", millis / 1000.0) : (millis / 60_000) + " min " + (millis % 60_000) / 1000 + " s";
    }
}
