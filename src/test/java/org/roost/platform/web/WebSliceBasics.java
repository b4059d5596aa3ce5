package org.roost.platform.web;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Import;

/**
 * What every web slice (@WebMvcTest) needs of this package, which the slice does not pick up itself (they are
 * ordinary beans and configurations, not web components): the API versioning that the {@code /api/v1} mappings
 * resolve through, and the error body writer that ApiExceptionHandler (a controller advice, which the slice does
 * pick up) answers with. Here, beside them, because their properties records are the package's own.
 */
@TestConfiguration(proxyBeanMethods = false)
@EnableConfigurationProperties({ UnavailableProperties.class, ApiProperties.class })
@Import({ ErrorResponses.class, ApiVersioningConfig.class })
public class WebSliceBasics {
}
