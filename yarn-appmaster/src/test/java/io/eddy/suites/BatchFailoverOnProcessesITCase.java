package io.eddy.suites;

import io.eddy.testkit.deployment.ProcessDeployment;
import io.eddy.testkit.deployment.TestDeployment;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link BatchFailoverSuite} on worker processes, SIGKILLed ({@code destroyForcibly}). */
@Timeout(value = 150, unit = TimeUnit.SECONDS)
class BatchFailoverOnProcessesITCase extends BatchFailoverSuite {

    @RegisterExtension
    static final ProcessDeployment DEPLOYMENT = new ProcessDeployment(2, 2);

    @Override
    protected TestDeployment deployment() {
        return DEPLOYMENT;
    }
}
