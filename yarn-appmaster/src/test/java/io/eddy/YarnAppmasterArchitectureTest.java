package io.eddy;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.eddy.architecture.ModuleRules;
import io.eddy.master.Master;
import io.eddy.yarn.appmaster.YarnApplicationMasterMain;
import io.eddy.yarn.client.LaunchContexts;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The module rules ({@link ModuleRules}) on yarn-appmaster's main classes. */
class YarnAppmasterArchitectureTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = ModuleRules.mainClassesOf(Master.class);
    }

    @Test
    void theModuleClassesWereImported() {
        assertThat(classes.contain(Master.class)).isTrue();
        assertThat(classes.contain(YarnApplicationMasterMain.class)).isTrue();
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
    void theClientNamesTheApplicationMastersMainClass() {
        assertThat(LaunchContexts.APPLICATION_MASTER_MAIN).isEqualTo(YarnApplicationMasterMain.class.getName());
    }
}
