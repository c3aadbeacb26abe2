package io.eddy.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.syntax.ArchRuleDefinition;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * The architecture rules every module checks on its own main classes (a test per module calls
 * them, so they run in {@code scripts/test}): no cycles between its packages, and no use of
 * another module's {@code impl} or {@code internal} packages, which are free to change.
 */
public final class ModuleRules {

    private ModuleRules() {}

    /** The main classes of the module that holds {@code anyMainClass} (its class folder or jar; no tests, no dependencies). */
    public static JavaClasses mainClassesOf(Class<?> anyMainClass) {
        try {
            Path location = Paths.get(anyMainClass.getProtectionDomain().getCodeSource().getLocation().toURI());
            return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPath(location);
        } catch (URISyntaxException e) {
            throw new IllegalStateException("The class folder of " + anyMainClass + " is not a path", e);
        }
    }

    /** Fails naming each cycle if the packages of {@code classes} depend on each other in a circle. */
    public static void assertNoPackageCycles(JavaClasses classes) {
        slices().matching("io.eddy.(**)").should().beFreeOfCycles()
                .because("a package builds on the ones below it; a cycle means two packages are one concept or one depends on the other's details")
                .check(classes);
    }

    /** Fails if {@code classes} use an {@code impl} or {@code internal} package that is not among them (another module's). */
    public static void assertNoForeignInternals(JavaClasses classes) {
        DescribedPredicate<JavaClass> foreignInternal = new DescribedPredicate<>("an impl or internal package of another module") {
            @Override
            public boolean test(JavaClass target) {
                String p = target.getPackageName();
                boolean internal = p.startsWith("io.eddy.") && (p.contains(".impl") || p.contains(".internal"));
                return internal && !classes.contain(target.getName());
            }
        };
        ArchRuleDefinition.noClasses().should().dependOnClassesThat(foreignInternal)
                .because("impl and internal packages are their module's own; use the module's public API or SPI")
                .allowEmptyShould(true)
                .check(classes);
    }
}
