package io.eddy.suites;

import io.eddy.testkit.deployment.TestDeployment;
import io.eddy.testkit.deployment.YarnSessionDeployment;
import io.eddy.testkit.results.ResultDirectory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link ExactlyOnceSuite} on a YARN session (MiniYARNCluster): worker containers SIGKILLed, their
 * replacements requested by the ApplicationMaster; the committing sinks write to HDFS.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class ExactlyOnceOnYarnITCase extends ExactlyOnceSuite {

    @RegisterExtension
    static final YarnSessionDeployment DEPLOYMENT = new YarnSessionDeployment(3, 2);

    @Override
    protected TestDeployment deployment() {
        return DEPLOYMENT;
    }

    @Override
    protected ResultDirectory results(Path dir) throws IOException {
        return ResultDirectory.create(dir).withCommittedOutput(DEPLOYMENT.hadoop().hdfsUri() + "/exactly-once-suite/" + dir.getFileName());
    }
}
