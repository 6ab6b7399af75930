// Everything else is in the header, inline; SwiftPM needs one source file to build the module.
#include "RecorderPrimitives.h"

_Thread_local uint64_t recorder_reducing_action = 0;
