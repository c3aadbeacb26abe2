package io.eddy.runtime.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.executor.RemoteFailure;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class FailureInfoTest {

    @Test
    void describesTheCauseChain() {
        IOException root = new IOException("disk full");
        IllegalStateException top = new IllegalStateException("Operator 'Map (2/4)' failed", root);

        FailureInfo info = FailureInfo.of(top);

        assertThat(info.exceptionClass()).isEqualTo(IllegalStateException.class.getName());
        assertThat(info.message()).isEqualTo("Operator 'Map (2/4)' failed");
        assertThat(info.cause().exceptionClass()).isEqualTo(IOException.class.getName());
        assertThat(info.rootCause().message()).isEqualTo("disk full");
        assertThat(info.stackTrace()).contains("describesTheCauseChain(FailureInfoTest.java:");
    }

    @Test
    void theStackTraceWithCausesReadsAsPrintStackTrace() {
        IOException root = new IOException("disk full");
        IllegalStateException top = new IllegalStateException("Operator 'Map (2/4)' failed", root);

        String trace = FailureInfo.of(top).stackTraceWithCauses();

        assertThat(trace.lines().toList().get(0)).isEqualTo("java.lang.IllegalStateException: Operator 'Map (2/4)' failed");
        assertThat(trace.lines().toList().get(1)).startsWith("\tat io.eddy.runtime.cluster.FailureInfoTest.theStackTraceWithCausesReadsAsPrintStackTrace(");
        assertThat(trace).contains("\nCaused by: java.io.IOException: disk full\n\tat io.eddy.runtime.cluster.FailureInfoTest.")
                .endsWith(")\n");
    }

    @Test
    void inTheSameJvmTheOriginalThrowableIsKept() {
        IllegalStateException top = new IllegalStateException("boom");

        assertThat(FailureInfo.of(top).toException()).isSameAs(top);
    }

    @Test
    void rebuiltFromPlainDataItBecomesARemoteFailureChainWithFrames() {
        FailureInfo sent = FailureInfo.of(new IllegalStateException("outer", new ArithmeticException("/ by zero")));
        FailureInfo received = new FailureInfo(sent.exceptionClass(), sent.message(), sent.stackTrace(),
                new FailureInfo(sent.cause().exceptionClass(), sent.cause().message(), sent.cause().stackTrace(), null));

        Throwable e = received.toException();

        assertThat(received).isEqualTo(sent);
        assertThat(e).isInstanceOf(RemoteFailure.class).hasMessage("java.lang.IllegalStateException: outer");
        assertThat(((RemoteFailure) e).getOriginalClassName()).isEqualTo("java.lang.IllegalStateException");
        assertThat(e.getCause()).isInstanceOf(RemoteFailure.class).hasMessage("java.lang.ArithmeticException: / by zero");
        StackTraceElement first = e.getStackTrace()[0];
        assertThat(first.getClassName()).isEqualTo(FailureInfoTest.class.getName());
        assertThat(first.getMethodName()).isEqualTo("rebuiltFromPlainDataItBecomesARemoteFailureChainWithFrames");
        assertThat(first.getFileName()).isEqualTo("FailureInfoTest.java");
        assertThat(first.getLineNumber()).isPositive();
    }

    @Test
    void parsesNativeAndUnknownFrames() {
        StackTraceElement[] frames = FailureInfo.parseFrames("a.B.run(Native Method)\nc.D.go(Unknown Source)\nnot a frame\n");

        assertThat(frames).hasSize(2);
        assertThat(frames[0].isNativeMethod()).isTrue();
        assertThat(frames[1].getFileName()).isNull();
        assertThat(frames[1].getMethodName()).isEqualTo("go");
    }

    @Test
    void aCyclicCauseChainEnds() {
        Exception a = new Exception("a");
        Exception b = new Exception("b", a);
        a.initCause(b);

        FailureInfo info = FailureInfo.of(b);

        assertThat(info.cause().message()).isEqualTo("a");
        assertThat(info.cause().cause()).isNull();
    }
}
