package io.eddy.architecture;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

/** The module rules catch what they forbid, over the fixture packages under {@code io.eddy.architecture.fixture}. */
class ModuleRulesTest {

    private static JavaClasses fixtures(String... packages) {
        String[] names = new String[packages.length];
        for (int i = 0; i < packages.length; i++) {
            names[i] = "io.eddy.architecture.fixture." + packages[i];
        }
        return new ClassFileImporter().importPackages(names);
    }

    @Test
    void aPackageCycleFailsNamingBothPackages() {
        assertThatThrownBy(() -> ModuleRules.assertNoPackageCycles(fixtures("cycle")))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("fixture.cycle.a")
                .hasMessageContaining("fixture.cycle.b");
    }

    @Test
    void layersThatPointOneWayPass() {
        assertThatCode(() -> ModuleRules.assertNoPackageCycles(fixtures("layered"))).doesNotThrowAnyException();
    }

    @Test
    void anImplPackageOutsideTheModuleFails() {
        assertThatThrownBy(() -> ModuleRules.assertNoForeignInternals(fixtures("user")))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Hidden");
    }

    @Test
    void theModulesOwnImplPackageIsAllowed() {
        assertThatCode(() -> ModuleRules.assertNoForeignInternals(fixtures("user", "impl"))).doesNotThrowAnyException();
    }
}
