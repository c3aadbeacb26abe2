package io.eddy.cli;

import io.eddy.executor.JobClient;
import io.eddy.executor.JobDetails;
import io.eddy.jobgraph.JobId;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * The lines {@code eddy run} prints while a job of the program runs (docs/monitoring.md): the job's
 * state and time, then one line per stage (job vertex) with its subtasks and, for a batch source, a
 * bar of its input splits done. On a terminal the blocks of the running jobs are redrawn in place,
 * in the order the jobs were submitted, every interval (the live area below); into a file or pipe
 * each is printed as plain lines, when it changed and at most every {@code plainInterval}. When a
 * job ends, its final block is printed once more as the summary (on a terminal it leaves the live
 * area for the scroll-back).
 *
 * <p>Each submitted job gets its own daemon thread ({@code eddy-progress}), which asks the master
 * through {@link JobClient#getJobDetails()} and writes to {@code out}; a job the master no longer
 * knows ends the thread.
 *
 * <p><b>Console.</b> Whatever else must reach the same stderr while the blocks are shown (the
 * status lines of the remote and YARN clients, the program's own) is written to {@link #console()},
 * never to {@code out} directly: a line written beside a block that is redrawn in place would be
 * overwritten by the next redraw. The console cuts what it is given into lines at {@code '\n'} and
 * holds a line until its newline ({@link #endConsoleLine()} writes a held rest). Each complete line
 * is written
 * <ul>
 *   <li>on a terminal: above the blocks, which stay at the bottom. The blocks shown are erased (cursor
 *       up over them), the lines written where they began (they stay in the scroll-back, uncut), and
 *       the blocks drawn again below them;
 *   <li>into a file or pipe: at once, as a whole line, never inside a block.
 * </ul>
 *
 * <pre>
 *   scroll-back   ... lines of the console, job summaries (never rewritten)
 *   live area     Job 'a' RUNNING, 3.0 s       &lt;- {@link #rows} rows from here down are
 *                   Source ...  x2 2 running      redrawn by every paint
 *                 (rows blanked by an earlier paint)
 * </pre>
 *
 * <p>Threads: the job threads and the threads writing to the console (e.g. an RPC dispatcher) paint
 * under one lock, {@link #screen}, which is held only while writing to {@code out}, never while
 * asking the master. The console's own lock (it is a {@link PrintStream}) is taken before {@link
 * #screen}, never after. {@code out} must not write to the console itself.
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
    private final ConsoleLines consoleLines = new ConsoleLines();
    private final PrintStream console = new PrintStream(consoleLines, false, Charset.defaultCharset());

    /** Orders every write to {@code out} and guards the live area's state below. */
    private final Object screen = new Object();

    /** On a terminal, the block of each followed job, in the order of submission: the live area. Guarded by {@link #screen}. */
    private final Map<JobId, List<String>> blocks = new LinkedHashMap<>();

    /** On a terminal, the rows of the live area: from its first row down to the cursor. Guarded by {@link #screen}. */
    private int rows;

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

    /**
     * The stream for every other line meant for {@code out} while this printer runs (see the class
     * comment): hand it to whatever prints status lines, in place of stderr. It stays usable after
     * the jobs have ended.
     */
    PrintStream console() {
        return console;
    }

    /** Writes the rest of a line the console holds without its newline (if any) as a line of its own. */
    void endConsoleLine() {
        consoleLines.endLine();
    }

    /** Waits up to {@code wait} for the threads to print their jobs' summaries (call when the program has returned). */
    void awaitSummaries(Duration wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        for (Thread thread : threads) {
            thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        }
    }

    private void follow(JobClient client) {
        JobId id = client.getJobId();
        String name = "job " + id;
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
                    show(id, lines);
                    shown = lines;
                } else if (!sameButTime(lines, shown) && System.nanoTime() - lastPlain >= plainInterval.toNanos()) {
                    print(lines);
                    shown = lines;
                    lastPlain = System.nanoTime();
                }
                client.awaitEnd(interval);
            }
            end(id, summary(client, name));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // The job's own result reports how it ended; its progress lines stop here, saying why.
            List<String> last = new ArrayList<>(terminal ? shown : List.of());
            last.add("(no more progress of job " + id + ": " + (e.getCause() != null ? e.getCause() : e) + ")");
            end(id, last);
        } finally {
            synchronized (screen) {
                List<String> left = blocks.remove(id);
                if (left != null) {
                    message(left); // the thread ends without a summary: its last block stays in the scroll-back
                }
            }
        }
    }

    /**
     * The job as it ended, from the master (which keeps ended jobs for a while); where the master
     * has gone with its job (the embedded cluster ends with the program's job), the job's line from
     * its result.
     */
    private List<String> summary(JobClient client, String name) throws InterruptedException {
        try {
            Optional<JobDetails> last = client.getJobDetails().get(10, TimeUnit.SECONDS);
            return last.isPresent() ? render(last.get(), System.currentTimeMillis()) : List.of(resultLine(client, name));
        } catch (ExecutionException | TimeoutException e) {
            return List.of(resultLine(client, name));
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

    /** On a terminal: makes {@code lines} the block of job {@code id} in the live area, and draws it. */
    private void show(JobId id, List<String> lines) {
        synchronized (screen) {
            blocks.put(id, lines);
            paint(List.of());
        }
    }

    /** The last lines of job {@code id}, as {@link #message}; on a terminal its block leaves the live area. */
    private void end(JobId id, List<String> lines) {
        synchronized (screen) {
            blocks.remove(id);
            message(lines);
        }
    }

    /** Lines that stay (the console's, a job's last): on a terminal above the live area, else printed at once. */
    private void message(List<String> lines) {
        synchronized (screen) {
            if (terminal) {
                paint(lines);
            } else {
                print(lines);
            }
        }
    }

    /**
     * On a terminal, holding {@link #screen}: from the live area's first row, writes {@code above}
     * (which stay in the scroll-back), then every job's block, then blanks the rows the live area had
     * beyond them; leaves the cursor below all this, which is the live area's end.
     */
    private void paint(List<String> above) {
        StringBuilder b = new StringBuilder();
        if (rows > 0) {
            b.append("\033[").append(rows).append('A'); // up to the live area's first row
        }
        for (String line : above) {
            b.append("\r\033[2K").append(line).append('\n');
        }
        int columns = columns();
        int drawn = 0;
        for (List<String> block : blocks.values()) {
            for (String line : block) {
                // Cut to the terminal's width: a wrapped line would take two rows, and the next paint would start too low.
                b.append("\r\033[2K").append(line.length() < columns ? line : line.substring(0, columns - 1)).append('\n');
                drawn++;
            }
        }
        int blanked = Math.max(0, rows - above.size() - drawn);
        for (int i = 0; i < blanked; i++) {
            b.append("\r\033[2K\n");
        }
        rows = drawn + blanked;
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

    /** Plain lines, all at once. */
    private void print(List<String> lines) {
        StringBuilder b = new StringBuilder();
        lines.forEach(line -> b.append(line).append('\n'));
        synchronized (screen) {
            out.print(b);
            out.flush();
        }
    }

    /** Whether two blocks differ only in the job's time (its first line). */
    private static boolean sameButTime(List<String> a, List<String> b) {
        return a.size() == b.size() && !a.isEmpty() && a.subList(1, a.size()).equals(b.subList(1, b.size()));
    }

    /**
     * The bytes of {@link #console}, cut into lines at {@code '\n'} (a {@code '\r'} before it
     * dropped) and handed to {@link #message} as they complete; the lines completed by one write go
     * together. Decoded in the charset {@link #console} encodes in; {@code '\n'} is never part of a
     * longer character there.
     */
    private final class ConsoleLines extends OutputStream {

        /** The line begun but not ended. Guarded by this. */
        private final ByteArrayOutputStream partial = new ByteArrayOutputStream();

        @Override
        public synchronized void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            Objects.checkFromIndexSize(off, len, b.length);
            List<String> lines = new ArrayList<>();
            int start = off;
            for (int i = off; i < off + len; i++) {
                if (b[i] == '\n') {
                    partial.write(b, start, i - start);
                    lines.add(take());
                    start = i + 1;
                }
            }
            partial.write(b, start, off + len - start);
            if (!lines.isEmpty()) {
                message(lines);
            }
        }

        synchronized void endLine() {
            if (partial.size() > 0) {
                message(List.of(take()));
            }
        }

        private String take() {
            String line = partial.toString(Charset.defaultCharset());
            partial.reset();
            return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
        }
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
        lines.add("Job '" + job.name() + "' " + job.status() + ", " + seconds(millis) + (job.checkpoints()
                ? ", " + job.checkpointsCompleted() + " checkpoints" + (job.checkpointsFailed() > 0 ? " (" + job.checkpointsFailed() + " failed)" : "")
                : ""));
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
            if (v.spilledBytes() > 0) {
                line.append("; ").append(count(v.spilledBytes())).append("B spilled");
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
