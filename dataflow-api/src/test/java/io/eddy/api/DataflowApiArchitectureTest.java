package io.eddy.api;

import static org.assertj.core.api.Assertions.assertThat;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.eddy.api.common.typeinfo.TypeInfo;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Keeps {@code dataflow-api} free of package cycles and of the runtime: no Netty, no socket-level networking outside the
 * sources that read sockets by design, no imports of {@code io.eddy.runtime} or {@code io.eddy.master};
 * and keeps its back end ({@code io.eddy.translation}, {@code io.eddy.executor}) free of either compiler.
 */
class DataflowApiArchitectureTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() throws URISyntaxException {
        // Import the module's own class folder (or jar) only: scanning the whole class path is slow.
        Path mainClasses = Paths.get(TypeInfo.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPath(mainClasses);
    }

    @Test
    void theModuleClassesWereImported() {
        assertThat(classes.contain(TypeInfo.class)).as("imported classes contain TypeInfo").isTrue();
    }

    @Test
    void noNetty() {
        noClasses().should().dependOnClassesThat().resideInAPackage("io.netty..")
                .because("dataflow-api holds no network stack; Netty lives in yarn-container and yarn-appmaster")
                .check(classes);
    }

    @Test
    void noRuntimeOrMasterImports() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("io.eddy.runtime..", "io.eddy.master..", "io.eddy.cli..")
                .because("the API must not depend on the runtime; use the executor SPI (ServiceLoader) instead")
                .check(classes);
    }

    @Test
    void typesAndMemoryUseNoSockets() {
        noClasses().that().resideInAnyPackage("io.eddy.api..", "io.eddy.core..", "io.eddy.jobgraph..")
                .should().dependOnClassesThat().haveFullyQualifiedName("java.net.Socket")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.net.ServerSocket")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.net.DatagramSocket")
                .orShould().dependOnClassesThat().resideInAPackage("java.nio.channels..")
                .because("types, serializers, memory and the job graph are pure data; only sources may open sockets")
                .check(classes);
    }

    @Test
    void theBackEndAndTheExecutorPlumbingKnowNeitherCompiler() {
        noClasses().that().resideInAnyPackage("io.eddy.translation..", "io.eddy.executor..")
                .should().dependOnClassesThat().resideInAnyPackage("io.eddy.streaming..", "io.eddy.optimizer..", "io.eddy.api.java..")
                .because("both compilers produce a PhysicalPlan and both environments submit through JobSubmitter: "
                        + "the back end serves them alike (docs/runtime-contracts.md)")
                .check(classes);
    }

    @Test
    void noPackageCycles() {
        io.eddy.architecture.ModuleRules.assertNoPackageCycles(classes);
    }

    @Test
    void noOtherModulesInternals() {
        io.eddy.architecture.ModuleRules.assertNoForeignInternals(classes);
    }
}
