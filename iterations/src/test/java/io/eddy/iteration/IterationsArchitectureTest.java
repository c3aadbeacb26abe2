package io.eddy.iteration;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.eddy.architecture.ModuleRules;
import io.eddy.iteration.runtime.BackChannel;
import io.eddy.iteration.runtime.BulkIterationHead;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The module rules ({@link ModuleRules}) on the iterations module's main classes. */
class IterationsArchitectureTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = ModuleRules.mainClassesOf(BackChannel.class);
    }

    @Test
    void theModuleClassesWereImported() {
        assertThat(classes.contain(BackChannel.class)).isTrue();
        assertThat(classes.contain(BulkIterationHead.class)).isTrue();
    }

    @Test
    void noPackageCycles() {
        ModuleRules.assertNoPackageCycles(classes);
    }

    @Test
    void noOtherModulesInternals() {
        ModuleRules.assertNoForeignInternals(classes);
    }
}
