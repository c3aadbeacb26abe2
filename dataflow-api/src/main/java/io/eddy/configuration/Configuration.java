package io.eddy.configuration;

import java.io.Serializable;
import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * String-keyed settings read through typed {@link ConfigOption}s. Values are kept as strings, so a
 * configuration can come from a file, system properties or command-line flags alike, and parse
 * errors name the key and the expected type.
 */
public final class Configuration implements Serializable {

    private static final long serialVersionUID = 1L;

    private final TreeMap<String, String> values = new TreeMap<>();

    public Configuration() {}

    public Configuration(Map<String, String> values) {
        this.values.putAll(values);
    }

    /** A configuration of the JVM's system properties whose keys start with {@code eddy.}, without that prefix. */
    public static Configuration fromSystemProperties() {
        Configuration conf = new Configuration();
        Properties props = System.getProperties();
        for (String name : props.stringPropertyNames()) {
            if (name.startsWith("eddy.")) {
                conf.values.put(name.substring("eddy.".length()), props.getProperty(name));
            }
        }
        return conf;
    }

    public <T> Configuration set(ConfigOption<T> option, T value) {
        values.put(option.key(), format(value));
        return this;
    }

    public Configuration setString(String key, String value) {
        values.put(key, value);
        return this;
    }

    public boolean contains(ConfigOption<?> option) {
        return values.containsKey(option.key());
    }

    public <T> T get(ConfigOption<T> option) {
        String raw = values.get(option.key());
        if (raw == null) {
            return option.defaultValue();
        }
        return parse(option, raw);
    }

    public Map<String, String> toMap() {
        return Collections.unmodifiableMap(values);
    }

    /** A copy with {@code other}'s values taking precedence. */
    public Configuration merge(Configuration other) {
        Configuration merged = new Configuration(values);
        merged.values.putAll(other.values);
        return merged;
    }

    private static String format(Object value) {
        if (value instanceof Duration d) {
            return d.toMillis() + "ms";
        }
        return String.valueOf(value);
    }

    @SuppressWarnings("unchecked")
    private static <T> T parse(ConfigOption<T> option, String raw) {
        Class<T> type = option.type();
        String s = raw.trim();
        try {
            if (type == String.class) {
                return (T) raw;
            } else if (type == Integer.class) {
                return (T) Integer.valueOf(s);
            } else if (type == Long.class) {
                return (T) Long.valueOf(s);
            } else if (type == Boolean.class) {
                if (!s.equalsIgnoreCase("true") && !s.equalsIgnoreCase("false")) {
                    throw new IllegalArgumentException("not true or false");
                }
                return (T) Boolean.valueOf(s);
            } else if (type == Double.class) {
                return (T) Double.valueOf(s);
            } else if (type == Duration.class) {
                return (T) parseDuration(s);
            } else if (type == MemorySize.class) {
                return (T) MemorySize.parse(s);
            } else if (type.isEnum()) {
                return (T) parseEnum(type, s);
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "Configuration option '" + option.key() + "' has the value '" + raw + "', which is not a valid "
                            + type.getSimpleName() + " (" + e.getMessage() + "). Option: " + option.description(), e);
        }
        throw new IllegalStateException("Bug: configuration option '" + option.key() + "' has unsupported type " + type.getName());
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object parseEnum(Class type, String s) {
        return Enum.valueOf(type, s.toUpperCase(java.util.Locale.ROOT).replace('-', '_'));
    }

    /** Parses {@code 100ms}, {@code 5s}, {@code 2min}, {@code 1h}, or a plain number of milliseconds. */
    static Duration parseDuration(String s) {
        String lower = s.toLowerCase(java.util.Locale.ROOT);
        int i = 0;
        while (i < lower.length() && (Character.isDigit(lower.charAt(i)) || lower.charAt(i) == '-')) {
            i++;
        }
        if (i == 0) {
            throw new IllegalArgumentException("expected a number with a unit such as 100ms, 5s, 2min, 1h");
        }
        long n = Long.parseLong(lower.substring(0, i));
        String unit = lower.substring(i).trim();
        return switch (unit) {
            case "", "ms" -> Duration.ofMillis(n);
            case "s" -> Duration.ofSeconds(n);
            case "min", "m" -> Duration.ofMinutes(n);
            case "h" -> Duration.ofHours(n);
            default -> throw new IllegalArgumentException("unknown unit '" + unit + "' (expected ms, s, min or h)");
        };
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
