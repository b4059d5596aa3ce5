package org.roost.identity.email;

import java.util.Map;

import com.samskivert.mustache.MustacheException;
import org.junit.jupiter.api.Test;
import org.roost.platform.web.HtmlPagesForTests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Mails from the pages' template engine: the HTML part escapes every value, the text part leaves it as given. */
class MailTemplatesTest {

    private final MailTemplates templates = new MailTemplates(HtmlPagesForTests.compiler());

    @Test
    void aValueWithMarkupIsEscapedInTheHtmlPartOnly() {
        MailTemplates.Rendered mail = templates.render("password-reset", Map.of("username", "<script>alert(1)</script>",
                "link", "https://roost.example/reset-password?a=1&b=2#token=x", "lifetime", "1 hour"));

        assertThat(mail.subject()).isEqualTo("Set a new password for Roost");
        assertThat(mail.html()).startsWith("<!DOCTYPE html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\">"
                + "<title>Set a new password for Roost</title></head>\n<body style=").endsWith("<p>Roost</p>\n</body>\n</html>\n");
        assertThat(mail.html()).doesNotContain("<script>").contains("Hello &lt;script&gt;alert(1)&lt;/script&gt;,")
                .contains("https://roost.example/reset-password?a=1&amp;b=2#token=x");
        assertThat(mail.text()).startsWith("Hello <script>alert(1)</script>,")
                .contains("https://roost.example/reset-password?a=1&b=2#token=x");
    }

    @Test
    void aValueNobodyGivesFailsLoudly() {
        assertThatThrownBy(() -> templates.render("password-reset", Map.of("username", "ada")))
                .isInstanceOf(MustacheException.class);
    }
}
