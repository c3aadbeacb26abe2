package io.eddy.api.common.io.csv;

import io.eddy.api.common.io.Utf8;
import java.io.Serializable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.LocalDate;

/**
 * Parses one CSV field of one type from a byte range, without creating a {@code String} where the
 * type does not need one (integers, booleans, dates). Values are strict: no surrounding spaces, no
 * empty numbers. Stateless and shared.
 */
abstract class FieldParser implements Serializable {

    private static final long serialVersionUID = 1L;

    /** What the parser expects, for messages: e.g. "int". */
    abstract String typeName();

    /**
     * Parses {@code b[start, end)}.
     *
     * @param quote the quote byte whose doubled occurrences stand for one (a quoted field), or -1
     * @throws FieldException naming what is wrong
     */
    abstract Object parse(byte[] b, int start, int end, int quote) throws FieldException;

    /** A field that does not parse: carries only the reason; the format adds file, line and text. */
    static final class FieldException extends Exception {

        private static final long serialVersionUID = 1L;

        FieldException(String reason) {
            super(reason, null, false, false);
        }
    }

    /** The parser for values of {@code type} (primitives and their boxes alike). */
    static FieldParser forType(Class<?> type) {
        if (type == String.class) {
            return new StringParser();
        }
        if (type == int.class || type == Integer.class) {
            return new IntegerParser("int", Integer.MIN_VALUE, Integer.MAX_VALUE);
        }
        if (type == long.class || type == Long.class) {
            return new IntegerParser("long", Long.MIN_VALUE, Long.MAX_VALUE);
        }
        if (type == short.class || type == Short.class) {
            return new IntegerParser("short", Short.MIN_VALUE, Short.MAX_VALUE);
        }
        if (type == byte.class || type == Byte.class) {
            return new IntegerParser("byte", Byte.MIN_VALUE, Byte.MAX_VALUE);
        }
        if (type == double.class || type == Double.class) {
            return new DecimalParser("double");
        }
        if (type == float.class || type == Float.class) {
            return new DecimalParser("float");
        }
        if (type == boolean.class || type == Boolean.class) {
            return new BooleanParser();
        }
        if (type == BigInteger.class) {
            return new DecimalParser("BigInteger");
        }
        if (type == BigDecimal.class) {
            return new DecimalParser("BigDecimal");
        }
        if (type == LocalDate.class) {
            return new LocalDateParser();
        }
        throw new IllegalArgumentException("CSV field type " + type.getName() + " is not supported (expected: String, int, long,"
                + " short, byte, double, float, boolean, BigInteger, BigDecimal or LocalDate); read it as String and convert"
                + " it in a map()");
    }

    static final class StringParser extends FieldParser {
        private static final long serialVersionUID = 1L;

        @Override
        String typeName() {
            return "String";
        }

        @Override
        Object parse(byte[] b, int start, int end, int quote) throws FieldException {
            int bad = Utf8.firstInvalid(b, start, end - start);
            if (bad >= 0) {
                throw new FieldException("invalid UTF-8 at byte " + (bad + 1));
            }
            String s = new String(b, start, end - start, StandardCharsets.UTF_8);
            if (quote >= 0) {
                String q = String.valueOf((char) quote);
                if (s.contains(q)) {
                    s = s.replace(q + q, q);
                }
            }
            return s;
        }
    }

    /** Integral types of up to 64 bits, with the type's range checked. */
    static final class IntegerParser extends FieldParser {
        private static final long serialVersionUID = 1L;

        private final String name;
        private final long min;
        private final long max;

        IntegerParser(String name, long min, long max) {
            this.name = name;
            this.min = min;
            this.max = max;
        }

        @Override
        String typeName() {
            return name;
        }

        @Override
        Object parse(byte[] b, int start, int end, int quote) throws FieldException {
            long v = parseLong(b, start, end);
            if (v < min || v > max) {
                throw new FieldException("out of range for " + name + " (expected: " + min + ".." + max + ")");
            }
            switch (name) {
                case "int": return (int) v;
                case "short": return (short) v;
                case "byte": return (byte) v;
                default: return v;
            }
        }

        private long parseLong(byte[] b, int start, int end) throws FieldException {
            if (start >= end) {
                throw new FieldException("empty value (expected: " + name + ")");
            }
            int i = start;
            boolean negative = b[i] == '-';
            if (negative || b[i] == '+') {
                i++;
            }
            if (i >= end) {
                throw new FieldException("not a number (expected: " + name + ")");
            }
            // Accumulate negatively: Long.MIN_VALUE has no positive counterpart.
            long result = 0;
            for (; i < end; i++) {
                int digit = b[i] - '0';
                if (digit < 0 || digit > 9) {
                    throw new FieldException("not a number (expected: " + name + ")");
                }
                if (result < (Long.MIN_VALUE + digit) / 10) {
                    throw new FieldException("out of range for " + name + " (expected: " + min + ".." + max + ")");
                }
                result = result * 10 - digit;
            }
            if (!negative) {
                if (result == Long.MIN_VALUE) {
                    throw new FieldException("out of range for " + name + " (expected: " + min + ".." + max + ")");
                }
                result = -result;
            }
            return result;
        }
    }

    /** double, float, BigInteger and BigDecimal: checked for plain decimal syntax, then parsed by the JDK. */
    static final class DecimalParser extends FieldParser {
        private static final long serialVersionUID = 1L;

        private final String name;

        DecimalParser(String name) {
            this.name = name;
        }

        @Override
        String typeName() {
            return name;
        }

        @Override
        Object parse(byte[] b, int start, int end, int quote) throws FieldException {
            if (start >= end) {
                throw new FieldException("empty value (expected: " + name + ")");
            }
            String s = new String(b, start, end - start, StandardCharsets.ISO_8859_1);
            boolean floating = name.equals("double") || name.equals("float");
            if (!(floating && (s.equals("NaN") || s.equals("Infinity") || s.equals("-Infinity"))) && !plainSyntax(b, start, end)) {
                throw new FieldException("not a number (expected: " + name + ")");
            }
            try {
                switch (name) {
                    case "double": return Double.parseDouble(s);
                    case "float": return Float.parseFloat(s);
                    case "BigInteger": return new BigInteger(s);
                    default: return new BigDecimal(s);
                }
            } catch (NumberFormatException e) {
                throw new FieldException("not a number (expected: " + name + ")");
            }
        }

        /** Digits, signs, '.', 'e'/'E' only: the JDK parsers also accept spaces and suffixes such as 'd'. */
        private static boolean plainSyntax(byte[] b, int start, int end) {
            for (int i = start; i < end; i++) {
                byte c = b[i];
                if (!((c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E')) {
                    return false;
                }
            }
            return true;
        }
    }

    static final class BooleanParser extends FieldParser {
        private static final long serialVersionUID = 1L;

        @Override
        String typeName() {
            return "boolean";
        }

        @Override
        Object parse(byte[] b, int start, int end, int quote) throws FieldException {
            if (matches(b, start, end, "true")) {
                return Boolean.TRUE;
            }
            if (matches(b, start, end, "false")) {
                return Boolean.FALSE;
            }
            throw new FieldException("not a boolean (expected: true or false)");
        }

        private static boolean matches(byte[] b, int start, int end, String word) {
            if (end - start != word.length()) {
                return false;
            }
            for (int i = 0; i < word.length(); i++) {
                if ((b[start + i] | 0x20) != word.charAt(i)) {
                    return false;
                }
            }
            return true;
        }
    }

    /** ISO dates, {@code yyyy-MM-dd}. */
    static final class LocalDateParser extends FieldParser {
        private static final long serialVersionUID = 1L;

        @Override
        String typeName() {
            return "LocalDate";
        }

        @Override
        Object parse(byte[] b, int start, int end, int quote) throws FieldException {
            if (end - start != 10 || b[start + 4] != '-' || b[start + 7] != '-') {
                throw new FieldException("not a date (expected: yyyy-MM-dd)");
            }
            int year = digits(b, start, 4);
            int month = digits(b, start + 5, 2);
            int day = digits(b, start + 8, 2);
            try {
                return LocalDate.of(year, month, day);
            } catch (DateTimeException e) {
                throw new FieldException("not a valid date: " + e.getMessage());
            }
        }

        private static int digits(byte[] b, int from, int count) throws FieldException {
            int v = 0;
            for (int i = from; i < from + count; i++) {
                int d = b[i] - '0';
                if (d < 0 || d > 9) {
                    throw new FieldException("not a date (expected: yyyy-MM-dd)");
                }
                v = v * 10 + d;
            }
            return v;
        }
    }
}
