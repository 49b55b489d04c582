// require("lib-server/opentelemetry") from a CommonJS module.
import otel = require("lib-server/opentelemetry");

const instrumentation = new otel.LibServerInstrumentation({ ignoreLayersType: [otel.LayerType.MIDDLEWARE] });
instrumentation.enable();

export = instrumentation;
