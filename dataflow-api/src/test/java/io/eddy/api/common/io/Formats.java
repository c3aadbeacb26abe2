package io.eddy.api.common.io;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Test helpers that drive formats through their life cycle the way the runtime does. */
public final class Formats {

    private Formats() {
    }

    /** Creates at least {@code minSplits} splits and reads them all, split after split, with one instance. */
    public static <T, S extends InputSplit> List<T> readAll(InputFormat<T, S> format, int minSplits) throws IOException {
        S[] splits = format.createInputSplits(minSplits);
        List<T> out = new ArrayList<>();
        format.openInputFormat();
        try {
            for (S split : splits) {
                out.addAll(readSplit(format, split));
            }
        } finally {
            format.closeInputFormat();
        }
        return out;
    }

    /** Reads one split (open, nextRecord until reachedEnd, close). */
    public static <T, S extends InputSplit> List<T> readSplit(InputFormat<T, S> format, S split) throws IOException {
        List<T> out = new ArrayList<>();
        format.open(split);
        try {
            while (!format.reachedEnd()) {
                T record = format.nextRecord(null);
                if (record != null) {
                    out.add(record);
                }
            }
        } finally {
            format.close();
        }
        return out;
    }
}
