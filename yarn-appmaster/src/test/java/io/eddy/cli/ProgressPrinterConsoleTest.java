package io.eddy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.cli.ProgressPrinterTest.ScriptedJob;
import io.eddy.executor.JobDetails;
import io.eddy.executor.JobDetails.VertexDetails;
import io.eddy.jobgraph.JobId;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The printer's console ({@link ProgressPrinter#console()}): lines written there while blocks are
 * shown come out whole, above the blocks on a terminal and between blocks into a file.
 */
class ProgressPrinterConsoleTest {

    private static final Duration NEVER_AGAIN = Duration.ofHours(1);
    private static final Pattern MESSAGE = Pattern.compile("t\\d message \\d+");

    private static JobDetails details(JobId job, String status, long end, int splitsDone) {
        return new JobDetails(job, "counts", status, 1_000, end, List.of(
                new VertexDetails("Text Source: in.txt", 2, 0, splitsDone == 10 ? 0 : 2, splitsDone == 10 ? 2 : 0, 0, 0, 10, splitsDone, 0, 0),
                new VertexDetails("Reduce -> Sink", 2, 0, 2, 0, 0, 0, -1, 0, 0, 0)));
    }

    @Test
    void onATerminalAMessageIsPrintedOnceAboveTheBlockDrawnAgain() throws Exception {
        StringWriter text = new StringWriter();
        ProgressPrinter printer = new ProgressPrinter(new PrintWriter(text, true), true, NEVER_AGAIN, Duration.ZERO);
        ScriptedJob job = new ScriptedJob(JobId.generate());
        job.details.set(details(job.id, "RUNNING", -1, 3));
        printer.accept(job);
        waitFor(text, "3/10 splits");
        String block = text.toString();
        assertThat(block).as("the first paint: three rows, nothing to go up over").startsWith("\r\033[2KJob 'counts' RUNNING, ")
                .doesNotContain("\033[3A");
        assertThat(block.split("\n", -1)).hasSize(4);

        String status = "Job 'counts' (" + job.id + "): RUNNING, 4 of 4 tasks running; deployed 4 of 4 tasks";
        printer.console().println(status);
        assertThat(text.toString()).isEqualTo(block
                + "\033[3A" + "\r\033[2K" + status + "\n" // up over the block, the message where the block began
                + block); // the block again below it

        int before = text.toString().length();
        printer.console().print("Submitted to YARN as application_1_0001: job 'counts'\r\nDashboard action token: ab");
        printer.console().print("c\n");
        assertThat(text.toString().substring(before)).as("the lines one write completes go together; a line is held until its end")
                .isEqualTo("\033[3A\r\033[2KSubmitted to YARN as application_1_0001: job 'counts'\n" + block
                        + "\033[3A\r\033[2KDashboard action token: abc\n" + block);

        before = text.toString().length();
        job.details.set(details(job.id, "FINISHED", 9_000, 10));
        job.result.complete(new JobExecutionResult(job.id, 8_000, Map.of()));
        printer.awaitSummaries(Duration.ofSeconds(10));
        List<String> summary = ProgressPrinter.render(details(job.id, "FINISHED", 9_000, 10), 0);
        assertThat(text.toString().substring(before)).as("the summary replaces the block in the scroll-back")
                .isEqualTo("\033[3A" + summary.stream().map(l -> "\r\033[2K" + l + "\n").collect(Collectors.joining()));

        before = text.toString().length();
        printer.console().println("Job 'counts' (" + job.id + "): FINISHED after 8000 ms");
        assertThat(text.toString().substring(before)).as("no block left: the line below the summary")
                .isEqualTo("\r\033[2KJob 'counts' (" + job.id + "): FINISHED after 8000 ms\n");
    }

    @Test
    void onATerminalMessagesFromManyThreadsStayAboveBlocksRedrawnMeanwhile() throws Exception {
        StringWriter text = new StringWriter();
        ProgressPrinter printer = new ProgressPrinter(new PrintWriter(text, true), true, Duration.ofMillis(1), Duration.ZERO);
        ScriptedJob first = new ScriptedJob(JobId.generate());
        ScriptedJob second = new ScriptedJob(JobId.generate());
        first.details.set(details(first.id, "RUNNING", -1, 3));
        second.details.set(details(second.id, "RUNNING", -1, 5));
        printer.accept(first);
        printer.accept(second);
        waitFor(text, "5/10 splits");

        List<String> sent = sendFromThreads(printer.console(), 4, 100);
        first.details.set(details(first.id, "FINISHED", 9_000, 10));
        first.result.complete(new JobExecutionResult(first.id, 8_000, Map.of()));
        second.details.set(details(second.id, "FINISHED", 9_000, 10));
        second.result.complete(new JobExecutionResult(second.id, 8_000, Map.of()));
        printer.awaitSummaries(Duration.ofSeconds(10));

        List<String> screen = new Terminal().feed(text.toString()).nonBlankRows();
        List<String> messages = screen.stream().filter(l -> MESSAGE.matcher(l).matches()).toList();
        assertThat(messages).as("each message once").containsExactlyInAnyOrderElementsOf(sent);
        for (int t = 0; t < 4; t++) {
            String thread = "t" + t + " ";
            assertThat(messages.stream().filter(m -> m.startsWith(thread))).as("in the order of their thread")
                    .isEqualTo(sent.stream().filter(m -> m.startsWith(thread)).toList());
        }
        List<String> summary = ProgressPrinter.render(details(first.id, "FINISHED", 9_000, 10), 0);
        List<String> expectedTail = new ArrayList<>(summary);
        expectedTail.addAll(summary);
        assertThat(screen.subList(messages.size(), screen.size())).as("below the messages only the two summaries: no stale block")
                .isEqualTo(expectedTail);
    }

    @Test
    void intoAFileMessagesAndBlocksAreWholeLinesInOrder() throws Exception {
        StringWriter text = new StringWriter();
        ProgressPrinter printer = new ProgressPrinter(new PrintWriter(text, true), false, NEVER_AGAIN, Duration.ZERO);
        ScriptedJob job = new ScriptedJob(JobId.generate());
        job.details.set(details(job.id, "RUNNING", -1, 3));
        printer.accept(job);
        waitFor(text, "3/10 splits");
        String block = text.toString();

        printer.console().print("Submitted to YARN as ");
        printer.console().flush();
        assertThat(text.toString()).as("a line is held until its end, flushed or not").isEqualTo(block);
        printer.console().println("application_1_0001");
        printer.console().print("two\r\nlines\nand a rest");
        assertThat(text.toString()).isEqualTo(block + "Submitted to YARN as application_1_0001\ntwo\nlines\n");
        printer.endConsoleLine();
        printer.endConsoleLine();
        assertThat(text.toString()).as("the rest, once").isEqualTo(block + "Submitted to YARN as application_1_0001\ntwo\nlines\nand a rest\n");
        assertThat(text.toString()).doesNotContain("\033[");
        job.result.complete(new JobExecutionResult(job.id, 8_000, Map.of()));
        printer.awaitSummaries(Duration.ofSeconds(10));
    }

    @Test
    void intoAFileMessagesFromManyThreadsAreNeverSplitByABlock() throws Exception {
        StringWriter text = new StringWriter();
        ProgressPrinter printer = new ProgressPrinter(new PrintWriter(text, true), false, Duration.ofMillis(1), Duration.ZERO);
        ScriptedJob job = new ScriptedJob(JobId.generate());
        job.details.set(details(job.id, "RUNNING", -1, 3));
        printer.accept(job);
        AtomicBoolean sending = new AtomicBoolean(true);
        Thread changes = new Thread(() -> {
            for (int done = 0; sending.get(); done = (done + 1) % 10) { // a stage changes on every poll: a block each time
                job.details.set(details(job.id, "RUNNING", -1, done));
                Thread.onSpinWait();
            }
        });
        changes.start();
        List<String> sent = sendFromThreads(printer.console(), 4, 200);
        sending.set(false);
        changes.join();
        job.result.complete(new JobExecutionResult(job.id, 8_000, Map.of()));
        printer.awaitSummaries(Duration.ofSeconds(10));

        List<String> lines = text.toString().lines().toList();
        assertThat(lines.stream().filter(l -> l.startsWith("Job 'counts' RUNNING"))).as("blocks printed meanwhile").hasSizeGreaterThan(1);
        List<String> messages = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (MESSAGE.matcher(line).matches()) {
                messages.add(line);
            } else {
                assertThat(line).as("line %d: a block's first line", i).startsWith("Job 'counts' ");
                assertThat(lines.subList(i + 1, i + 3)).as("line %d: its stages right below it", i)
                        .satisfiesExactly(l -> assertThat(l).startsWith("  Text Source: in.txt"), l -> assertThat(l).startsWith("  Reduce -> Sink"));
                i += 2;
            }
        }
        assertThat(messages).containsExactlyInAnyOrderElementsOf(sent);
        for (int t = 0; t < 4; t++) {
            String thread = "t" + t + " ";
            assertThat(messages.stream().filter(m -> m.startsWith(thread))).isEqualTo(sent.stream().filter(m -> m.startsWith(thread)).toList());
        }
    }

    /** {@code count} lines {@code tT message I} from each of {@code threads} threads at once; returns them. */
    private static List<String> sendFromThreads(PrintStream console, int threads, int count) throws InterruptedException {
        List<String> sent = new ArrayList<>();
        List<Thread> senders = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            String prefix = "t" + t + " message ";
            for (int i = 0; i < count; i++) {
                sent.add(prefix + i);
            }
            Thread sender = new Thread(() -> {
                for (int i = 0; i < count; i++) {
                    console.println(prefix + i);
                    if (i % 10 == 0) {
                        Thread.yield();
                    }
                }
            });
            senders.add(sender);
            sender.start();
        }
        for (Thread sender : senders) {
            sender.join();
        }
        return sent;
    }

    /**
     * A terminal as far as the printer drives it: rows of text and a cursor; {@code \r}, {@code \n}
     * (to the next row's start, as a terminal's output translation makes it), {@code ESC[nA} (up n
     * rows) and {@code ESC[2K} (clear the row). Fails on any other escape sequence.
     */
    private static final class Terminal {
        private final List<StringBuilder> rows = new ArrayList<>(List.of(new StringBuilder()));
        private int row;
        private int column;

        Terminal feed(String s) {
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c == '\033') {
                    int end = i + 2;
                    while (Character.isDigit(s.charAt(end))) {
                        end++;
                    }
                    String sequence = s.substring(i, end + 1);
                    if (sequence.equals("\033[2K")) {
                        rows.get(row).setLength(0);
                    } else if (sequence.endsWith("A")) {
                        row = Math.max(0, row - Integer.parseInt(sequence.substring(2, sequence.length() - 1)));
                    } else {
                        throw new AssertionError("unexpected escape sequence " + sequence.substring(1) + " at " + i);
                    }
                    i = end;
                } else if (c == '\r') {
                    column = 0;
                } else if (c == '\n') {
                    row++;
                    column = 0;
                    if (row == rows.size()) {
                        rows.add(new StringBuilder());
                    }
                } else {
                    StringBuilder line = rows.get(row);
                    while (line.length() < column) {
                        line.append(' ');
                    }
                    if (column < line.length()) {
                        line.setCharAt(column, c);
                    } else {
                        line.append(c);
                    }
                    column++;
                }
            }
            return this;
        }

        List<String> nonBlankRows() {
            return rows.stream().map(StringBuilder::toString).filter(r -> !r.isBlank()).toList();
        }
    }

    private static void waitFor(StringWriter text, String part) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!text.toString().contains(part) && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(text.toString()).contains(part);
    }
}
