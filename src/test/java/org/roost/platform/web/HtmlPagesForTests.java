package org.roost.platform.web;

import com.samskivert.mustache.Mustache;
import org.springframework.boot.mustache.autoconfigure.MustacheResourceTemplateLoader;

/** The application's template compiler without a context, for tests of a page or a mail alone. */
public final class HtmlPagesForTests {

    private HtmlPagesForTests() {
    }

    public static Mustache.Compiler compiler() {
        return new TemplatesConfig().mustacheCompiler(new MustacheResourceTemplateLoader("classpath:/templates/", ".mustache"));
    }
}
