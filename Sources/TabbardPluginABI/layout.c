// The ABI target is the header; this file only pins facts about it at compile time, so a
// change that breaks the append-only rule fails the build instead of a plugin at run time.
#include "tabbard/plugin.h"

_Static_assert(offsetof(struct tabbard_plugin, struct_size) == 0, "struct_size must come first");
_Static_assert(offsetof(struct tabbard_host, struct_size) == 0, "struct_size must come first");
_Static_assert(TABBARD_PLUGIN_ABI_MINOR != 0 || TABBARD_PLUGIN_SIZE_1_0 == sizeof(struct tabbard_plugin),
               "a field was appended: bump TABBARD_PLUGIN_ABI_MINOR and define its TABBARD_PLUGIN_SIZE_1_N");
_Static_assert(TABBARD_HOST_SIZE_1_0 == offsetof(struct tabbard_host, set_icon_name),
               "the 1.1 callbacks come right after the 1.0 table");
