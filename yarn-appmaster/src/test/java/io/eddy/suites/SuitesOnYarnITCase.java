package io.eddy.suites;

import io.eddy.testkit.deployment.YarnSessionDeployment;
import io.eddy.testkit.deployment.TestDeployment;
import io.eddy.testkit.results.ResultDirectory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The core correctness suites on a YARN session on the MiniYARNCluster (worker containers SIGKILLed, replaced by the ApplicationMaster; the DataSet output on HDFS): one cluster of 2 workers with 2 slots
 * for the class, shared by the nested suites. ({@link ExactlyOnceSuite} needs 3 workers: {@code
 * ExactlyOnceOnYarnITCase}.)
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class SuitesOnYarnITCase {

    @RegisterExtension
    static final YarnSessionDeployment DEPLOYMENT = new YarnSessionDeployment(2, 2);

    @Nested
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    class BatchFailover extends BatchFailoverSuite {
        @Override
        protected TestDeployment deployment() {
            return DEPLOYMENT;
        }

        @Override
        protected ResultDirectory results(Path dir) throws IOException {
            return ResultDirectory.create(dir).withCommittedOutput(DEPLOYMENT.hadoop().hdfsUri() + "/batch-failover-suite/" + dir.getFileName());
        }
    }

    @Nested
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    class IterationFailover extends IterationFailoverSuite {
        @Override
        protected TestDeployment deployment() {
            return DEPLOYMENT;
        }

        @Override
        protected ResultDirectory results(Path dir) throws IOException {
            return ResultDirectory.create(dir).withCommittedOutput(DEPLOYMENT.hadoop().hdfsUri() + "/iteration-failover-suite/" + dir.getFileName());
        }
    }

    @Nested
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    class Windows extends WindowsSuite {
        @Override
        protected TestDeployment deployment() {
            return DEPLOYMENT;
        }
    }

    @Nested
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    class Savepoints extends SavepointSuite {
        @Override
        protected TestDeployment deployment() {
            return DEPLOYMENT;
        }
    }

    @Nested
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    class BulkIterations extends BulkIterationSuite {
        @Override
        protected TestDeployment deployment() {
            return DEPLOYMENT;
        }
    }

    @Nested
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    class DeltaIterations extends DeltaIterationSuite {
        @Override
        protected TestDeployment deployment() {
            return DEPLOYMENT;
        }
    }

    @Nested
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    class StreamingIterations extends StreamingIterationSuite {
        @Override
        protected TestDeployment deployment() {
            return DEPLOYMENT;
        }

        @Override
        protected ResultDirectory results(Path dir) throws IOException {
            return ResultDirectory.create(dir).withCommittedOutput(DEPLOYMENT.hadoop().hdfsUri() + "/streaming-iteration-suite/" + dir.getFileName());
        }
    }
}
