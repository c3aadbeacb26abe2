package io.eddy.master.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.eddy.api.common.functions.MapFunction;
import io.eddy.configuration.Configuration;
import io.eddy.executor.JobClient;
import io.eddy.master.embedded.LocalClusterConfig;
import io.eddy.master.embedded.LocalClusterExtension;
import io.eddy.runtime.rpc.Secret;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
 * Selenium, against a master with a running job. It loads the overview, follows the job's link,
 * and waits for the job graph (vertices, the labelled edge, records arriving), the throughput plot
 * and the cancel from the page (refused with a wrong action token, done with the right one) — all
 * drawn by the page's script from the JSON API, so a broken route, field or script fails here. A
 * job name with markup shows as text.
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
    private static final Secret SECRET = Secret.generate();

    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(LocalClusterConfig.builder().workers(1).slotsPerWorker(2).build());

    @TempDir
    static Path profile;

    private static MasterWebServer web;
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
        web = MasterWebServer.start(CLUSTER.cluster().master(), "127.0.0.1", 0, SECRET);
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
        if (web != null) {
            web.close();
        }
    }

    @Test
    void theOverviewLinksARunningJobWhosePageDrawsItsGraphRecordsAndThroughput() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(new Configuration());
        env.setParallelism(1);
        env.addSource(new WebTestJobs.Trickle()).rebalance().map(new Identity()).addSink(new WebTestJobs.Discard());
        JobClient job = CLUSTER.submit(env.getJobGraph(JOB_NAME));
        try {
            browser.get(web.url() + "dashboard/");
            // The page redraws every second: elements are found, read and clicked within one wait, which retries a stale one.
            WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(30));
            wait.ignoring(StaleElementReferenceException.class);
            String worker = CLUSTER.cluster().workers().get(0).id().value();
            wait.until(d -> d.findElement(By.tagName("main")).getText().contains(worker));
            assertThat(text(wait, By.id("slots"))).as("the job holds a slot").matches("1 workers, 2 slots, [01] free");
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
            assertThat(text(wait, By.id("checkpoint-summary"))).startsWith("no periodic checkpoints · 0 completed · 0 failed · no restore");
            assertThat(text(wait, By.id("no-failures"))).isEqualTo("No task has failed.");
            // Records reach the second vertex, and its rate shows once two samples are a second apart.
            wait.until(d -> d.findElement(By.cssSelector("#graph g.vertex[data-vertex='1'] text.in")).getText().matches("in [1-9].* \\(.*/s\\)"));
            wait.until(d -> d.findElements(By.cssSelector("#throughput polyline")).stream()
                    .anyMatch(line -> line.getAttribute("points").split(" ").length >= 2));
            Files.write(Path.of("target", "dashboard-job.png"), browser.getScreenshotAs(OutputType.BYTES)); // to look at after a run

            // Cancel from the page: refused with a wrong token, done with the right one.
            browser.findElement(By.id("token")).sendKeys("not-the-token");
            browser.findElement(By.id("cancel")).click();
            wait.until(d -> d.findElement(By.id("action-result")).getText().contains("wrong action token"));
            assertThat(text(wait, By.id("job-status"))).isEqualTo("RUNNING");
            browser.findElement(By.id("token")).clear();
            browser.findElement(By.id("token")).sendKeys(MasterWebServer.actionToken(SECRET));
            browser.findElement(By.id("cancel")).click();
            wait.until(d -> d.findElement(By.id("job-status")).getText().equals("CANCELED"));
        } finally {
            CLUSTER.cluster().master().cancelJob(job.getJobId());
            job.getJobResult().handle((r, e) -> null).get(30, TimeUnit.SECONDS);
        }
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
