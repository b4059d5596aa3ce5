package org.roost.platform.web;

import com.samskivert.mustache.Mustache;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.util.HtmlUtils;

/**
 * Boot's Mustache compiler (its template loader, {@code spring.mustache.*}) with one change: values are escaped by
 * Spring's {@link HtmlUtils}, the five characters HTML needs, not also {@code =} and {@code `} as JMustache's own
 * escaper does, so a link in a page or a mail's HTML part reads the same as its text part ({@code ?a=b&amp;c=d}).
 */
@Configuration(proxyBeanMethods = false)
class TemplatesConfig {

    @Bean
    Mustache.Compiler mustacheCompiler(Mustache.TemplateLoader mustacheTemplateLoader) {
        return Mustache.compiler().withLoader(mustacheTemplateLoader)
                .withEscaper(text -> HtmlUtils.htmlEscape(text, "UTF-8"));
    }
}
