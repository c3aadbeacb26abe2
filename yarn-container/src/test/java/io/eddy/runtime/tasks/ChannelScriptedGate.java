package io.eddy.runtime.tasks;

import io.eddy.runtime.io.network.api.InputStatus;
import io.eddy.runtime.streamrecord.StreamElement;
import io.eddy.runtime.streamrecord.StreamRecord;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntConsumer;

/**
 * A gate of several scripted channels for barrier tests. Each channel delivers its script in order:
 * values become records, {@code RuntimeEvent}s (barriers, cancel markers) become events, {@link
 * #END} ends the channel. Polls go round-robin over the channels that are neither blocked nor
 * exhausted, like {@code SingleInputGate}; a blocked channel is never read.
 */
final class ChannelScriptedGate implements GateInput {

    /** Ends a channel (its end of partition). */
    static final Object END = new Object() {
        @Override
        public String toString() {
            return "END";
        }
    };

    private final List<ArrayDeque<Object>> channels = new ArrayList<>();
    private final boolean[] blocked;
    private final boolean[] ended;
    private final StreamRecord<Object> reuse = new StreamRecord<>(null);
    private CompletableFuture<Void> available = new CompletableFuture<>();
    private IntConsumer endListener = c -> { };
    private Object event;
    private int channel;
    private int next;
    /** Every block/unblock call, e.g. "block 1", for assertions. */
    final List<String> blockCalls = new ArrayList<>();

    @SafeVarargs
    ChannelScriptedGate(List<Object>... scripts) {
        for (List<Object> script : scripts) {
            channels.add(new ArrayDeque<>(script));
        }
        blocked = new boolean[scripts.length];
        ended = new boolean[scripts.length];
    }

    /** Appends to channel {@code c}'s script and makes the gate available. */
    void add(int c, Object... elements) {
        for (Object e : elements) {
            channels.get(c).add(e);
        }
        available.complete(null);
    }

    boolean isBlocked(int c) {
        return blocked[c];
    }

    @Override
    public InputStatus pollNext() {
        int n = channels.size();
        for (int i = 0; i < n; i++) {
            int c = (next + i) % n;
            ArrayDeque<Object> script = channels.get(c);
            if (blocked[c] || ended[c] || script.isEmpty()) {
                continue;
            }
            next = (c + 1) % n;
            Object element = script.poll();
            channel = c;
            if (element == END) {
                ended[c] = true;
                endListener.accept(c);
                return allEnded() ? InputStatus.END_OF_INPUT : pollNext();
            }
            if (element instanceof io.eddy.runtime.io.network.event.RuntimeEvent) {
                event = element;
                return InputStatus.EVENT;
            }
            event = null;
            reuse.replace(element);
            return InputStatus.RECORD;
        }
        if (allEnded()) {
            return InputStatus.END_OF_INPUT;
        }
        if (available.isDone()) {
            available = new CompletableFuture<>();
        }
        return InputStatus.NOTHING_AVAILABLE;
    }

    private boolean allEnded() {
        for (boolean e : ended) {
            if (!e) {
                return false;
            }
        }
        return true;
    }

    @Override
    public StreamElement record() {
        return reuse;
    }

    @Override
    public Object event() {
        return event;
    }

    @Override
    public int channelIndex() {
        return channel;
    }

    @Override
    public CompletableFuture<?> getAvailableFuture() {
        return available;
    }

    @Override
    public void close() {}

    @Override
    public int numberOfChannels() {
        return channels.size();
    }

    @Override
    public void blockChannel(int c) {
        blockCalls.add("block " + c);
        blocked[c] = true;
    }

    @Override
    public void unblockChannel(int c) {
        blockCalls.add("unblock " + c);
        blocked[c] = false;
        available.complete(null);
    }

    @Override
    public void setChannelEndListener(IntConsumer listener) {
        this.endListener = listener;
    }

    @Override
    public void setEndOfEventTimeListener(IntConsumer listener) {}
}
