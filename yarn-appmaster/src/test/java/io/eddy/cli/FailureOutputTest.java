package io.eddy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ConnectException;
import org.junit.jupiter.api.Test;

/** How the CLI names a failure's root cause under its message. */
class FailureOutputTest {

    @Test
    void aShortRootCauseIsPrintedWholeEvenWhenTheMessageQuotesIt() {
        ConnectException root = new ConnectException("Connection refused");
        assertThat(EddyCli.describeRoot(root, "Cannot reach the ResourceManager: Connection refused"))
                .isEqualTo("java.net.ConnectException: Connection refused");
    }

    @Test
    void aLongRootMessageTheFirstLineCarriesIsNamedByItsClassAlone() {
        String diagnosis = "The job needs 8 slots, 8 worker containers of 1 slot and 2048 MB, but this application may have at most 2"
                + " (YARN can never hold more)";
        IOException root = new IOException(diagnosis);
        assertThat(EddyCli.describeRoot(root, "The job X failed: " + diagnosis)).isEqualTo("java.io.IOException (its message is above)");
        assertThat(EddyCli.describeRoot(root, "The job X failed: something else")).isEqualTo("java.io.IOException: " + diagnosis);
    }
}
