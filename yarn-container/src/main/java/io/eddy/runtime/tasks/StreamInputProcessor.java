package io.eddy.runtime.tasks;

import io.eddy.runtime.io.network.api.InputStatus;
import io.eddy.runtime.io.network.api.RecordInput;
import io.eddy.runtime.operators.Input;
import io.eddy.runtime.operators.OperatorFailureException;
import io.eddy.runtime.streamrecord.StreamElement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The default action of a task whose head reads from the network: reads the input gates
 * (one {@link RecordInput} per gate) and hands each record to the head's logical input that the
 * gate's edge feeds (several gates may feed one input: a union). It processes up to {@value
 * #BATCH} records per call, staying on one gate while it has data and moving on after a batch
 * for fairness; when no gate has data it suspends the mailbox loop until any gate becomes
 * available; when every gate has ended it completes the loop.
 *
 * <p>Task thread only.
 */
final class StreamInputProcessor implements MailboxProcessor.DefaultAction {

    private static final Logger LOG = LoggerFactory.getLogger(StreamInputProcessor.class);
    static final int BATCH = 64;

    private final RecordInput<StreamElement>[] inputs;
    private final Input<Object>[] targets;
    private final boolean[] ended;
    private final String headName;
    private final TaskMailbox mailbox;
    private int remaining;
    private int current;

    /**
     * @param inputs one record input per gate
     * @param targets per gate, the head input it feeds
     * @param headName the head operator's name with subtask, for errors
     */
    @SuppressWarnings("unchecked")
    StreamInputProcessor(List<RecordInput<StreamElement>> inputs, List<Input<Object>> targets, String headName, TaskMailbox mailbox) {
        this.inputs = inputs.toArray(new RecordInput[0]);
        this.targets = targets.toArray(new Input[0]);
        this.ended = new boolean[inputs.size()];
        this.remaining = inputs.size();
        this.headName = headName;
        this.mailbox = mailbox;
    }

    @Override
    public void run(MailboxProcessor.Controller controller) throws Exception {
        if (remaining == 0) {
            controller.allActionsCompleted();
            return;
        }
        int processed = 0;
        int idleGates = 0;
        while (processed < BATCH && !mailbox.hasMail()) {
            RecordInput<StreamElement> input = inputs[current];
            InputStatus status = ended[current] ? InputStatus.END_OF_INPUT : input.pollNext();
            switch (status) {
                case RECORD -> {
                    process(current, input.record());
                    processed++;
                    idleGates = 0;
                }
                case EVENT -> LOG.debug("{}: ignoring event {} on gate {}, channel {}", headName, input.event(), current, input.channelIndex());
                case END_OF_INPUT -> {
                    if (!ended[current]) {
                        ended[current] = true;
                        remaining--;
                        if (remaining == 0) {
                            controller.allActionsCompleted();
                            return;
                        }
                    }
                    idleGates++;
                    current = (current + 1) % inputs.length;
                }
                case NOTHING_AVAILABLE -> {
                    idleGates++;
                    current = (current + 1) % inputs.length;
                }
            }
            if (idleGates >= inputs.length) {
                controller.suspendUntil(anyAvailable());
                return;
            }
        }
        if (processed >= BATCH) {
            current = (current + 1) % inputs.length;
        }
    }

    private void process(int gate, StreamElement element) {
        try {
            targets[gate].processElement(element.asRecord());
        } catch (Exception e) {
            throw OperatorFailureException.wrap(headName, OperatorFailureException.Phase.PROCESSING, e);
        }
    }

    private CompletableFuture<?> anyAvailable() {
        if (inputs.length == 1) {
            return inputs[0].getAvailableFuture();
        }
        CompletableFuture<?>[] futures = new CompletableFuture<?>[remaining];
        int n = 0;
        for (int i = 0; i < inputs.length; i++) {
            if (!ended[i]) {
                futures[n++] = inputs[i].getAvailableFuture();
            }
        }
        return CompletableFuture.anyOf(futures);
    }

    /** Closes every input (recycling held buffers, closing the gates). */
    void close() {
        for (RecordInput<StreamElement> input : inputs) {
            input.close();
        }
    }
}
