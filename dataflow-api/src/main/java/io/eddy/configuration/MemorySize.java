package io.eddy.configuration;

import java.io.Serializable;
import java.util.Locale;

/** A number of bytes, parsed from {@code 512k}, {@code 64m}, {@code 2g} or a plain number of bytes. */
public record MemorySize(long bytes) implements Serializable {

    public MemorySize {
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes: " + bytes + " (expected: >= 0)");
        }
    }

    public static MemorySize ofMebiBytes(long mebiBytes) {
        return new MemorySize(mebiBytes << 20);
    }

    public static MemorySize parse(String text) {
        String s = text.trim().toLowerCase(Locale.ROOT);
        int i = 0;
        while (i < s.length() && Character.isDigit(s.charAt(i))) {
            i++;
        }
        if (i == 0) {
            throw new IllegalArgumentException("expected a size such as 512k, 64m or 2g");
        }
        long n = Long.parseLong(s.substring(0, i));
        String unit = s.substring(i).trim();
        long factor = switch (unit) {
            case "", "b" -> 1L;
            case "k", "kb" -> 1L << 10;
            case "m", "mb" -> 1L << 20;
            case "g", "gb" -> 1L << 30;
            default -> throw new IllegalArgumentException("unknown unit '" + unit + "' (expected k, m or g)");
        };
        return new MemorySize(Math.multiplyExact(n, factor));
    }

    @Override
    public String toString() {
        if (bytes % (1L << 30) == 0 && bytes > 0) {
            return (bytes >> 30) + "g";
        }
        if (bytes % (1L << 20) == 0 && bytes > 0) {
            return (bytes >> 20) + "m";
        }
        if (bytes % (1L << 10) == 0 && bytes > 0) {
            return (bytes >> 10) + "k";
        }
        return Long.toString(bytes);
    }
}
