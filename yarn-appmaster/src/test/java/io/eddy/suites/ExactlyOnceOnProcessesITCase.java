package io.eddy.suites;

import io.eddy.testkit.deployment.ProcessDeployment;
import io.eddy.testkit.deployment.TestDeployment;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link ExactlyOnceSuite} on worker processes: SIGKILLed ({@code destroyForcibly}) and replaced by new processes. */
@Timeout(value = 150, unit = TimeUnit.SECONDS)
class ExactlyOnceOnProcessesITCase extends ExactlyOnceSuite {

    @RegisterExtension
    static final ProcessDeployment DEPLOYMENT = new ProcessDeployment(3, 2);

    @Override
    protected TestDeployment deployment() {
        return DEPLOYMENT;
    }
}
