package io.eddy.hadoop;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.eddy.architecture.ModuleRules;
import io.eddy.hadoop.mapred.HadoopMapFunction;
import io.eddy.hadoop.typeinfo.WritableTypeFamily;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The module rules ({@link ModuleRules}) on the hadoop-compat module's main classes. */
class HadoopCompatArchitectureTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = ModuleRules.mainClassesOf(HadoopCounters.class);
    }

    @Test
    void theModuleClassesWereImported() {
        assertThat(classes.contain(WritableTypeFamily.class)).isTrue();
        assertThat(classes.contain(HadoopMapFunction.class)).isTrue();
        assertThat(classes.contain(io.eddy.hadoop.mapreduce.HadoopMapFunction.class)).isTrue();
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
