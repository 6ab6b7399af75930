// Everything is in the header, inline; SwiftPM needs one source file to build the module.
#include "RecorderPrimitives.h"
