package org.roost.gateway.webapp;

import org.springframework.http.MediaType;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/**
 * The app's client-side routes answer its one page to a browser (a GET that accepts HTML); the router in
 * {@code /app/main.js} then draws the page. JSON clients never match here and keep the API's answers.
 */
@Controller
class WebAppRoutes {

    static final String[] ROUTES = { "/", "/login", "/signup", "/settings", "/apps", "/people", "/notifications", "/u/{username}", "/u/{username}/posts/{postId}", "/verify-email",
        "/forgot-password", "/reset-password" };

    @GetMapping(path = { "/", "/login", "/signup", "/settings", "/apps", "/people", "/notifications", "/u/{username}", "/u/{username}/posts/{postId}", "/verify-email",
        "/forgot-password", "/reset-password" },
            produces = MediaType.TEXT_HTML_VALUE)
    String app() {
        return "forward:/app/index.html";
    }
}
