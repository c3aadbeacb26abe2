package io.eddy.configuration;

import java.util.Objects;

/**
 * A typed configuration option: key, type, default and description in one place. The options
 * table in {@code docs/configuration.md} is generated from the {@code ConfigOption} constants.
 */
public final class ConfigOption<T> {

    private final String key;
    private final Class<T> type;
    private final T defaultValue;
    private final String description;

    private ConfigOption(String key, Class<T> type, T defaultValue, String description) {
        this.key = Objects.requireNonNull(key, "key");
        this.type = Objects.requireNonNull(type, "type");
        this.defaultValue = defaultValue;
        this.description = Objects.requireNonNull(description, "description");
    }

    public static <T> ConfigOption<T> of(String key, Class<T> type, T defaultValue, String description) {
        return new ConfigOption<>(key, type, defaultValue, description);
    }

    public String key() {
        return key;
    }

    public Class<T> type() {
        return type;
    }

    /** The default, or null if the option has none (it must then be set where it is needed). */
    public T defaultValue() {
        return defaultValue;
    }

    public String description() {
        return description;
    }

    @Override
    public String toString() {
        return key;
    }
}
