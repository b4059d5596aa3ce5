package org.roost.authorization.signin;

import java.util.List;

import org.roost.authorization.server.AuthorizationErrorPage;
import org.roost.platform.web.HtmlPages;
import org.springframework.stereotype.Component;

/** The authorization endpoint's error page for a person, in the sign-in pages' look (its words are authserver's). */
@Component
class AuthorizationErrorPages implements AuthorizationErrorPage {

    private final HtmlPages pages;

    AuthorizationErrorPages(HtmlPages pages) {
        this.pages = pages;
    }

    @Override
    public String html(String title, List<String> paragraphs) {
        return pages.problem(title, paragraphs);
    }
}
