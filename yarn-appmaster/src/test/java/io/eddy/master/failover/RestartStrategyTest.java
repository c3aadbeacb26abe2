package io.eddy.master.failover;

import io.eddy.configuration.Configuration;
import io.eddy.master.MasterConfig;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The restart strategies' decisions, with time given as plain milliseconds (the master passes its clock's). */
class RestartStrategyTest {

    @Test
    void noneNeverRestartsAndSaysWhichOptionToSet() {
        RestartStrategy.Decision d = RestartStrategy.none().onFailure(0);
        assertThat(d.restart()).isFalse();
        assertThat(d.reason()).contains("'none'").contains(RestartOptions.STRATEGY.key());
    }

    @Test
    void fixedDelayRestartsExactlyItsAttemptsWithItsDelay() {
        RestartStrategy s = RestartStrategy.fixedDelay(2, Duration.ofMillis(250));
        RestartStrategy.Decision first = s.onFailure(0);
        RestartStrategy.Decision second = s.onFailure(10_000_000);
        RestartStrategy.Decision third = s.onFailure(20_000_000);
        assertThat(first.restart()).isTrue();
        assertThat(first.delay()).isEqualTo(Duration.ofMillis(250));
        assertThat(second.restart()).isTrue();
        assertThat(third.restart()).isFalse();
        assertThat(third.reason()).contains("fixed-delay").contains("2 restart(s)");
    }

    @Test
    void fixedDelayWithZeroAttemptsBehavesLikeNone() {
        assertThat(RestartStrategy.fixedDelay(0, Duration.ZERO).onFailure(0).restart()).isFalse();
    }

    @Test
    void failureRateCountsOnlyFailuresWithinTheSlidingInterval() {
        RestartStrategy s = RestartStrategy.failureRate(2, Duration.ofSeconds(10), Duration.ofMillis(5));
        assertThat(s.onFailure(1_000).restart()).isTrue();
        assertThat(s.onFailure(2_000).restart()).isTrue();
        RestartStrategy.Decision third = s.onFailure(3_000);
        assertThat(third.restart()).as("3 failures within 10 s").isFalse();
        assertThat(third.reason()).contains("3 failures within 10000 ms");

        RestartStrategy later = RestartStrategy.failureRate(2, Duration.ofSeconds(10), Duration.ofMillis(5));
        later.onFailure(1_000);
        later.onFailure(2_000);
        RestartStrategy.Decision afterInterval = later.onFailure(11_000);
        assertThat(afterInterval.restart()).as("the failure at 1 s left the interval at 11 s").isTrue();
        assertThat(afterInterval.delay()).isEqualTo(Duration.ofMillis(5));
        assertThat(later.onFailure(11_500).restart()).as("2 s, 11 s, 11.5 s are within 10 s").isFalse();
    }

    @Test
    void aJobsSettingsTakePrecedenceOverTheClusters() {
        Configuration cluster = new Configuration().set(RestartOptions.STRATEGY, RestartOptions.Strategy.FIXED_DELAY)
                .set(RestartOptions.FIXED_DELAY_ATTEMPTS, 5);
        assertThat(RestartStrategy.forJob(cluster, Map.of()).describe()).startsWith("fixed-delay (5 attempt(s)");
        assertThat(RestartStrategy.forJob(cluster, Map.of("restart-strategy.fixed-delay.attempts", "1")).describe())
                .startsWith("fixed-delay (1 attempt(s)");
        assertThat(RestartStrategy.forJob(cluster, Map.of("restart-strategy", "none")).describe()).isEqualTo("none");
        assertThat(RestartStrategy.forJob(new Configuration(), Map.of("restart-strategy", "failure-rate")).describe())
                .startsWith("failure-rate (1 failure(s) per 60000 ms");
    }

    @Test
    void invalidValuesNameTheOption() {
        assertThatThrownBy(() -> RestartStrategy.forJob(new Configuration(), Map.of("restart-strategy", "sometimes")))
                .hasMessageContaining("restart-strategy").hasMessageContaining("sometimes");
        assertThatThrownBy(() -> RestartStrategy.forJob(new Configuration(),
                Map.of("restart-strategy", "fixed-delay", "restart-strategy.fixed-delay.attempts", "-1")))
                .hasMessageContaining("restart-strategy.fixed-delay.attempts: -1");
        assertThatThrownBy(() -> RestartStrategy.failureRate(1, Duration.ZERO, Duration.ZERO))
                .hasMessageContaining(RestartOptions.FAILURE_RATE_INTERVAL.key());
    }

    @Test
    void masterConfigKeepsOnlyRestartSettingsAsJobDefaults() {
        MasterConfig config = MasterConfig.fromConfiguration(new Configuration().setString("restart-strategy", "fixed-delay")
                .setString("master.retained-ended-jobs", "3"));
        assertThat(config.jobDefaults()).containsOnlyKeys("restart-strategy");
        assertThat(MasterConfig.defaults().withRestartStrategy(Map.of("restart-strategy", "failure-rate")).jobDefaults())
                .containsEntry("restart-strategy", "failure-rate");
    }
}
