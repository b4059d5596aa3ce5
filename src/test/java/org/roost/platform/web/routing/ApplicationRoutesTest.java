package org.roost.platform.web.routing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.roost.support.IntegrationTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.config.ConfigurableBeanFactory;
import org.springframework.beans.factory.config.EmbeddedValueResolver;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerExecutionChain;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import org.springframework.web.util.ServletRequestPathUtils;
import org.springframework.web.util.pattern.PathPattern;

/**
 * The service's own {@code @RequestMapping} lookup is the filtered one, and it finds for every path of every
 * controller method (its variables filled in, under each of its HTTP methods, and under methods it does not take)
 * what Spring's unfiltered lookup finds with the same configuration.
 */
@IntegrationTest
@Timeout(60)
class ApplicationRoutesTest {

    @Autowired
    RequestMappingHandlerMapping requestMappingHandlerMapping;

    @Autowired
    ConfigurableApplicationContext context;

    @Test
    void everyControllerPathFindsWhatSpringFinds() throws Exception {
        assertThat(requestMappingHandlerMapping).isInstanceOf(PathIndexedHandlerMapping.class);
        RequestMappingHandlerMapping spring = new RequestMappingHandlerMapping();
        spring.setPatternParser(Objects.requireNonNull(requestMappingHandlerMapping.getPatternParser()));
        spring.setContentNegotiationManager(requestMappingHandlerMapping.getContentNegotiationManager());
        spring.setApiVersionStrategy(requestMappingHandlerMapping.getApiVersionStrategy());
        spring.setEmbeddedValueResolver(new EmbeddedValueResolver((ConfigurableBeanFactory) context.getBeanFactory()));
        spring.setApplicationContext(context);
        spring.afterPropertiesSet();

        int compared = 0;
        for (Map.Entry<RequestMappingInfo, HandlerMethod> entry : requestMappingHandlerMapping.getHandlerMethods().entrySet()) {
            RequestMappingInfo info = entry.getKey();
            if (info.getPathPatternsCondition() == null) {
                continue;
            }
            for (PathPattern pattern : info.getPathPatternsCondition().getPatterns()) {
                String path = pattern.getPatternString().replaceAll("\\{\\*[^}]+}|\\*\\*", "a/b")
                        .replaceAll("\\{[^/]+}", "1").replace("*", "x");
                List<String> methods = new ArrayList<>(List.of("GET", "POST", "DELETE", "OPTIONS"));
                info.getMethodsCondition().getMethods().stream().map(RequestMethod::name).forEach(methods::add);
                for (String method : methods) {
                    assertThat(outcome(requestMappingHandlerMapping, method, path))
                            .as("%s %s", method, path).isEqualTo(outcome(spring, method, path));
                    compared++;
                }
            }
        }
        assertThat(compared).isGreaterThan(300);
        assertThat(outcome(requestMappingHandlerMapping, "GET", "/api/v1/users/1")).contains("UserController.get(");
    }

    private static String outcome(RequestMappingHandlerMapping mapping, String method, String path) {
        MockHttpServletRequest request = new MockHttpServletRequest(method, path);
        request.addHeader("Accept", "*/*");
        request.setContentType("application/json");
        ServletRequestPathUtils.parseAndCache(request);
        try {
            HandlerExecutionChain chain = mapping.getHandler(request);
            return chain == null ? "none" : chain.getHandler() instanceof HandlerMethod handler
                    ? handler.getMethod().toString() : chain.getHandler().toString();
        } catch (Exception refused) {
            return refused.getClass().getName() + ": " + refused.getMessage();
        }
    }
}
