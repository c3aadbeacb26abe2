package io.eddy.runtime.state;

/** Constants of the "Keyed state format" (docs/checkpointing.md). */
final class KeyedStateFormat {

    /** 'EDKS'. */
    static final int MAGIC = 0x45444B53;
    static final int VERSION = 1;

    private KeyedStateFormat() {}
}
