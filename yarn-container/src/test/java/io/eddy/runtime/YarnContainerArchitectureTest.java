package io.eddy.runtime;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.eddy.architecture.ModuleRules;
import io.eddy.runtime.operators.StreamOperator;
import io.eddy.runtime.tasks.Task;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The module rules ({@link ModuleRules}) on yarn-container's main classes, and the layering of its operator packages. */
class YarnContainerArchitectureTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = ModuleRules.mainClassesOf(Task.class);
    }

    @Test
    void theModuleClassesWereImported() {
        assertThat(classes.contain(Task.class)).isTrue();
        assertThat(classes.contain(StreamOperator.class)).isTrue();
    }

    @Test
    void noPackageCycles() {
        ModuleRules.assertNoPackageCycles(classes);
    }

    @Test
    void noOtherModulesInternals() {
        ModuleRules.assertNoForeignInternals(classes);
    }

    @Test
    void theOperatorSpiKnowsNoOperatorsAndNoTasks() {
        noClasses().that().resideInAPackage("io.eddy.runtime.operators")
                .should().dependOnClassesThat().resideInAnyPackage("io.eddy.runtime.operators.base..", "io.eddy.runtime.operators.streaming..",
                        "io.eddy.runtime.operators.windowing..", "io.eddy.runtime.operators.batch..", "io.eddy.runtime.tasks..")
                .because("io.eddy.runtime.operators is the SPI operators and tasks meet at: operators implement it, tasks drive it")
                .check(classes);
    }
}
