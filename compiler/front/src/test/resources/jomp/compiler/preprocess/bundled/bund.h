#pragma once
#include "sys/inner.h"
int bundled = INNER;
