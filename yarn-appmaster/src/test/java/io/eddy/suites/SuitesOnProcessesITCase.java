package io.eddy.suites;

import io.eddy.testkit.deployment.ProcessDeployment;
import io.eddy.testkit.deployment.TestDeployment;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The core correctness suites on worker processes (killed with {@code destroyForcibly}, replaced by new processes): one cluster of 2 workers with 2 slots
 * for the class, shared by the nested suites. ({@link ExactlyOnceSuite} needs 3 workers: {@code
 * ExactlyOnceOnProcessesITCase}.)
 */
@Timeout(value = 150, unit = TimeUnit.SECONDS)
class SuitesOnProcessesITCase {

    @RegisterExtension
    static final ProcessDeployment DEPLOYMENT = new ProcessDeployment(2, 2);

    @Nested
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    class BatchFailover extends BatchFailoverSuite {
        @Override
        protected TestDeployment deployment() {
            return DEPLOYMENT;
        }
    }

    @Nested
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    class IterationFailover extends IterationFailoverSuite {
        @Override
        protected TestDeployment deployment() {
            return DEPLOYMENT;
        }
    }

    @Nested
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    class Windows extends WindowsSuite {
        @Override
        protected TestDeployment deployment() {
            return DEPLOYMENT;
        }
    }

    @Nested
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    class Savepoints extends SavepointSuite {
        @Override
        protected TestDeployment deployment() {
            return DEPLOYMENT;
        }
    }

    @Nested
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    class BulkIterations extends BulkIterationSuite {
        @Override
        protected TestDeployment deployment() {
            return DEPLOYMENT;
        }
    }

    @Nested
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    class DeltaIterations extends DeltaIterationSuite {
        @Override
        protected TestDeployment deployment() {
            return DEPLOYMENT;
        }
    }

    @Nested
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    class StreamingIterations extends StreamingIterationSuite {
        @Override
        protected TestDeployment deployment() {
            return DEPLOYMENT;
        }
    }
}
