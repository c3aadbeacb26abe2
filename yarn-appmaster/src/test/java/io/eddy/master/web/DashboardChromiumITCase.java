package io.eddy.master.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import io.eddy.api.common.functions.MapFunction;
import io.eddy.executor.JobClient;
import io.eddy.master.remote.ProcessClusterExtension;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The dashboard in a real browser: Debian's headless Chromium, driven through its chromedriver by
 * Selenium, against a multi-process cluster (a master process and two worker processes,
 * {@link ProcessClusterExtension}) with a running, checkpointing streaming job. It loads the
 * master's dashboard, follows a worker's log link (the end of that worker process's log file), then
 * the job's link, and waits for the job graph (vertices, the labelled edge), records counted higher
 * at a second look, the throughput plot, the checkpoint count growing, and the cancel from the page
 * (refused with a wrong action token, done with the right one) — all drawn by the page's script from
 * the JSON API, so a broken route, field or script fails here. A screenshot of the job page goes
 * to {@code target/dashboard-job.png} in every run; markup in the job name shows as text.
 *
 * <p>The browser comes from Debian's packages ({@code chromium}, {@code chromium-driver}), which
 * {@code .ci/run} installs; without them the test is skipped, unless {@code
 * EDDY_BROWSER_TESTS=required} (as {@code .ci/run} sets), when it fails.
 */
@Timeout(120)
class DashboardChromiumITCase {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final String JOB_NAME = "browser <b>bold</b> job";

    @RegisterExtension
    static final ProcessClusterExtension CLUSTER = new ProcessClusterExtension(2, 1);

    @TempDir
    static Path profile;

    /** The master process's web endpoint. */
    private static String web;
    private static ChromeDriver browser;

    @BeforeAll
    static void startBrowser() throws Exception {
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
            String missing = "Debian's chromium and chromium-driver (" + CHROMIUM + ", " + CHROMEDRIVER + ") are not installed;"
                    + " install them with: apt-get install chromium chromium-driver";
            if ("required".equals(System.getenv("EDDY_BROWSER_TESTS"))) {
                fail(missing + " (EDDY_BROWSER_TESTS=required)");
            }
            Assumptions.abort("Browser tests skipped: " + missing);
        }
        web = CLUSTER.webUrl();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        // Headless as root in a sandbox, and nothing that reaches for the closed network.
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic",
                "--window-size=1400,1000", "--user-data-dir=" + profile.resolve("chromium"));
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
    }

    @Test
    void theOverviewLinksAWorkersLogAndARunningJobWhosePageDrawsItsGraphRecordsCheckpointsAndThroughput(@TempDir Path checkpoints)
            throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(CLUSTER.remoteConfiguration());
        env.setParallelism(1);
        env.enableCheckpointing(200);
        env.getCheckpointConfig().setCheckpointStorage(checkpoints.toUri().toString());
        env.addSource(new WebTestJobs.Trickle()).rebalance().map(new Identity()).addSink(new WebTestJobs.Discard());
        JobClient job = env.executeAsync(JOB_NAME);
        try {
            browser.get(web + "dashboard/");
            // The page redraws every second: elements are found, read and clicked within one wait, which retries a stale one.
            WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(30));
            wait.ignoring(StaleElementReferenceException.class);
            wait.until(d -> d.findElement(By.tagName("main")).getText().contains("worker-2"));
            assertThat(text(wait, By.id("slots"))).as("the job holds a slot").matches("2 workers, 2 slots, [01] free");

            // A worker's log: the end of the worker process's own file, served by the master.
            String overview = browser.getWindowHandle();
            wait.until(d -> {
                WebElement link = d.findElements(By.cssSelector("a.worker-log")).stream()
                        .filter(a -> a.getAttribute("href").endsWith("/api/workers/worker-1/log")).findFirst().orElse(null);
                if (link == null) {
                    return false;
                }
                link.click();
                return true;
            });
            wait.until(d -> d.getCurrentUrl().endsWith("/api/workers/worker-1/log"));
            assertThat(text(wait, By.tagName("body"))).startsWith("== worker-1 on 127.0.0.1: ").contains("Worker worker-1 started with 1 slot(s)");
            browser.navigate().back();
            assertThat(browser.getWindowHandle()).isEqualTo(overview);

            wait.until(d -> {
                WebElement link = d.findElements(By.cssSelector("a.job")).stream().filter(a -> a.getText().equals(JOB_NAME)).findFirst().orElse(null);
                if (link == null) {
                    return false;
                }
                link.click();
                return true;
            });
            wait.until(d -> d.getCurrentUrl().endsWith("#/jobs/" + job.getJobId()));
            assertThat(text(wait, By.id("job-name"))).as("markup in a job name is text").isEqualTo(JOB_NAME);
            assertThat(browser.findElements(By.cssSelector("#job-name b"))).isEmpty();

            String source = wait.until(d -> {
                List<WebElement> found = d.findElements(By.cssSelector("#graph g.vertex"));
                return found.size() == 2 ? found.get(0).getText() : null;
            });
            assertThat(source).contains("Source").contains("parallelism 1");
            assertThat(text(wait, By.cssSelector("#graph g.edge"))).isEqualTo("rebalance, pipelined");
            assertThat(text(wait, By.id("no-failures"))).isEqualTo("No task has failed.");

            // Records reach the second vertex; a second look counts more, and the rate shows once two samples are a second apart.
            By sinkIn = By.cssSelector("#graph g.vertex[data-vertex='1'] text.in");
            String first = wait.until(d -> {
                String in = d.findElement(sinkIn).getText();
                return in.matches("in [1-9].* \\(.*/s\\)") ? in : null;
            });
            wait.until(d -> recordsIn(d.findElement(sinkIn).getText()) > recordsIn(first));
            wait.until(d -> d.findElements(By.cssSelector("#throughput polyline")).stream()
                    .anyMatch(line -> line.getAttribute("points").split(" ").length >= 2));

            // Checkpoints every 200 ms: the count grows between two looks, and the table lists them.
            int completed = wait.until(d -> {
                Matcher m = COMPLETED.matcher(d.findElement(By.id("checkpoint-summary")).getText());
                return m.find() && Integer.parseInt(m.group(1)) > 0 ? Integer.parseInt(m.group(1)) : null;
            });
            wait.until(d -> {
                Matcher m = COMPLETED.matcher(d.findElement(By.id("checkpoint-summary")).getText());
                return m.find() && Integer.parseInt(m.group(1)) > completed;
            });
            assertThat(text(wait, By.id("checkpoint-summary"))).startsWith("periodic checkpoints · ");
            assertThat(text(wait, By.tagName("main"))).contains("COMPLETED");
            Files.write(Path.of("target", "dashboard-job.png"), browser.getScreenshotAs(OutputType.BYTES)); // to look at after a run

            // Cancel from the page: refused with a wrong token, done with the right one.
            browser.findElement(By.id("token")).sendKeys("not-the-token");
            browser.findElement(By.id("cancel")).click();
            wait.until(d -> d.findElement(By.id("action-result")).getText().contains("wrong action token"));
            assertThat(text(wait, By.id("job-status"))).isEqualTo("RUNNING");
            browser.findElement(By.id("token")).clear();
            browser.findElement(By.id("token")).sendKeys(MasterWebServer.actionToken(CLUSTER.secret()));
            browser.findElement(By.id("cancel")).click();
            wait.until(d -> d.findElement(By.id("job-status")).getText().equals("CANCELED"));
            assertThatThrownBy(() -> job.getJobResult().get(30, TimeUnit.SECONDS)).as("the program hears of the cancel")
                    .isInstanceOf(ExecutionException.class).hasMessageContaining("was cancelled: cancelled from the dashboard");

            // The cluster goes: the page says so, and keeps what it showed.
            CLUSTER.master().process().destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            wait.until(d -> d.findElement(By.id("status")).getText().startsWith("The master does not answer"));
            assertThat(text(wait, By.id("job-name"))).isEqualTo(JOB_NAME);
        } finally {
            if (!job.getJobResult().isDone()) {
                job.cancel();
            }
            job.getJobResult().handle((r, e) -> null).get(30, TimeUnit.SECONDS);
        }
    }

    private static final Pattern COMPLETED = Pattern.compile("· (\\d+) completed ·");

    /** The records a vertex box's "in 1.23 k (45/s)" line counts, as the page rounded them. */
    private static double recordsIn(String line) {
        Matcher m = Pattern.compile("in ([0-9.]+) ?([kMGT]?)").matcher(line);
        if (!m.find()) {
            throw new AssertionError("not a record count: " + line);
        }
        return Double.parseDouble(m.group(1)) * Math.pow(1000, " kMGT".indexOf(m.group(2).isEmpty() ? " " : m.group(2)));
    }

    /** The text of the element {@code by} finds, found and read within one try of {@code wait}. */
    private static String text(WebDriverWait wait, By by) {
        return wait.until(d -> d.findElement(by).getText());
    }

    /** Passes its input on (a second operator, chained with the sink in the job's second vertex). */
    static final class Identity implements MapFunction<Long, Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public Long map(Long value) {
            return value;
        }
    }
}
