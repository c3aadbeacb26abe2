package io.eddy.cli.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.common.reflect.ClassPath;
import io.eddy.configuration.ConfigOption;
import io.eddy.configuration.Configuration;
import io.eddy.configuration.MemorySize;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Keeps {@code docs/configuration.md} in step with the {@link ConfigOption} constants: the committed
 * table must equal a fresh rendering, every options class on the class path must be registered in
 * {@link ConfigurationDocsGenerator#OPTIONS_CLASSES}, and no two options may share a key.
 */
class ConfigurationDocsTest {

    @Test
    void committedTableIsUpToDate() throws IOException {
        Path docs = repositoryRoot().resolve(ConfigurationDocsGenerator.DOCS_PATH);
        String expected = ConfigurationDocsGenerator.render(ConfigurationDocsGenerator.OPTIONS_CLASSES);
        assertThat(docs)
                .withFailMessage("%s is missing; generate it: run %s from the repository root",
                        ConfigurationDocsGenerator.DOCS_PATH, ConfigurationDocsGenerator.REGENERATE_COMMAND)
                .exists();
        String actual = Files.readString(docs, StandardCharsets.UTF_8);
        assertThat(actual)
                .withFailMessage("%s is out of date with the ConfigOption constants: run %s from the repository root "
                                + "and commit the result (do not edit the file by hand)",
                        ConfigurationDocsGenerator.DOCS_PATH, ConfigurationDocsGenerator.REGENERATE_COMMAND)
                .isEqualTo(expected);
    }

    @Test
    void everyOptionsClassOnTheClassPathIsRegistered() throws IOException {
        List<String> unregistered = new ArrayList<>();
        List<String> unloadable = new ArrayList<>();
        ClassLoader loader = ConfigurationDocsTest.class.getClassLoader();
        for (ClassPath.ClassInfo info : ClassPath.from(loader).getAllClasses()) {
            if (!info.getPackageName().startsWith("io.eddy") || isTestCode(info)) {
                continue;
            }
            try {
                Class<?> type = info.load();
                if (!ConfigurationDocsGenerator.optionConstants(type).isEmpty()
                        && !ConfigurationDocsGenerator.OPTIONS_CLASSES.contains(type)) {
                    unregistered.add(type.getName());
                }
            } catch (LinkageError e) {
                unloadable.add(info.getName() + " (" + e + ")");
            }
        }
        assertThat(unloadable)
                .withFailMessage("Could not inspect these classes for ConfigOption constants: %s", unloadable)
                .isEmpty();
        assertThat(unregistered)
                .withFailMessage("Classes declaring public static final ConfigOption constants that are missing from "
                                + "ConfigurationDocsGenerator.OPTIONS_CLASSES: %s. Add them there and run %s.",
                        unregistered, ConfigurationDocsGenerator.REGENERATE_COMMAND)
                .isEmpty();
    }

    @Test
    void noTwoOptionsShareAKey() {
        assertThat(ConfigurationDocsGenerator.duplicateKeys(ConfigurationDocsGenerator.OPTIONS_CLASSES)).isEmpty();
    }

    @Test
    void duplicateKeysAreReportedWithBothFields() {
        List<Class<?>> classes = List.of(FirstOptions.class, SecondOptions.class);

        assertThat(ConfigurationDocsGenerator.duplicateKeys(classes))
                .isEqualTo(Map.of("test.shared", List.of("FirstOptions.SHARED", "SecondOptions.ALSO_SHARED")));
        assertThatThrownBy(() -> ConfigurationDocsGenerator.render(classes))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("test.shared")
                .hasMessageContaining("FirstOptions.SHARED")
                .hasMessageContaining("SecondOptions.ALSO_SHARED");
    }

    @Test
    void renderedDefaultsParseBackToTheDefaults() {
        for (Class<?> optionsClass : ConfigurationDocsGenerator.OPTIONS_CLASSES) {
            for (ConfigOption<?> option : ConfigurationDocsGenerator.optionsOf(optionsClass)) {
                assertRoundTrip(option);
            }
        }
        assertRoundTrip(FirstOptions.SIZE);
        assertRoundTrip(FirstOptions.MODE);
        assertRoundTrip(FirstOptions.SHARED);
    }

    @Test
    void rendersSortedRowsWithPrefixedPropertyAndFormattedDefaults() {
        String markdown = ConfigurationDocsGenerator.render(List.of(FirstOptions.class));

        assertThat(markdown).contains("## FirstOptions\n\n`" + FirstOptions.class.getName() + "`\n");
        assertThat(markdown).contains("| `test.mode` | `-Deddy.test.mode` | one of `FAST`, `SAFE` | `SAFE` | How. |\n");
        assertThat(markdown).contains("| `test.size` | `-Deddy.test.size` | MemorySize | `64m` | Size a\\|b. |\n");
        assertThat(markdown).contains("| `test.wait` | `-Deddy.test.wait` | Duration | `2min` | Wait. |\n");
        assertThat(markdown).contains("| `test.shared` | `-Deddy.test.shared` | String | *(none)* | Shared. |\n");
        assertThat(markdown.indexOf("`test.mode`")).isLessThan(markdown.indexOf("`test.shared`"));
        assertThat(markdown.indexOf("`test.size`")).isLessThan(markdown.indexOf("`test.wait`"));
        assertThat(ConfigurationDocsGenerator.render(List.of(FirstOptions.class))).isEqualTo(markdown);
    }

    private static <T> void assertRoundTrip(ConfigOption<T> option) {
        T defaultValue = option.defaultValue();
        if (defaultValue == null) {
            return;
        }
        String cell = ConfigurationDocsGenerator.formatDefault(defaultValue);
        String text = cell.equals("`\"\"`") ? "" : cell.substring(1, cell.length() - 1).replace("\\|", "|");
        Configuration conf = new Configuration().setString(option.key(), text);
        assertThat(conf.get(option)).as("default of %s rendered as %s", option.key(), cell).isEqualTo(defaultValue);
    }

    private static boolean isTestCode(ClassPath.ClassInfo info) {
        String url = info.url().toString();
        return url.contains("/test-classes/") || url.contains("-tests.jar!");
    }

    /** The directory holding {@code docs/} and the module folders; Surefire runs in the module's folder. */
    private static Path repositoryRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null) {
            if (Files.isDirectory(dir.resolve("docs")) && Files.isDirectory(dir.resolve("yarn-appmaster"))) {
                return dir;
            }
            dir = dir.getParent();
        }
        throw new IllegalStateException("No repository root (a folder with docs/ and yarn-appmaster/) above "
                + Path.of("").toAbsolutePath() + "; run the test from the repository or a module folder");
    }

    enum Mode { FAST, SAFE }

    /** Fixture options; test code, so not expected in the registry. */
    static final class FirstOptions {
        public static final ConfigOption<String> SHARED = ConfigOption.of("test.shared", String.class, null, "Shared.");
        public static final ConfigOption<Duration> WAIT = ConfigOption.of("test.wait", Duration.class,
                Duration.ofMinutes(2), "Wait.");
        public static final ConfigOption<MemorySize> SIZE = ConfigOption.of("test.size", MemorySize.class,
                MemorySize.ofMebiBytes(64), "Size a|b.");
        public static final ConfigOption<Mode> MODE = ConfigOption.of("test.mode", Mode.class, Mode.SAFE, "How.");

        private FirstOptions() {}
    }

    /** Fixture options reusing {@link FirstOptions#SHARED}'s key. */
    static final class SecondOptions {
        public static final ConfigOption<String> ALSO_SHARED = ConfigOption.of("test.shared", String.class, "x", "Again.");

        private SecondOptions() {}
    }
}
