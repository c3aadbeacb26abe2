package io.eddy.suites;

import io.eddy.testkit.deployment.EmbeddedDeployment;
import io.eddy.testkit.deployment.TestDeployment;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link ExactlyOnceSuite} on the embedded cluster: workers lost and replaced in the test JVM. */
@Timeout(value = 150, unit = TimeUnit.SECONDS)
class ExactlyOnceOnEmbeddedITCase extends ExactlyOnceSuite {

    @RegisterExtension
    static final EmbeddedDeployment DEPLOYMENT = new EmbeddedDeployment(3, 2);

    @Override
    protected TestDeployment deployment() {
        return DEPLOYMENT;
    }
}
