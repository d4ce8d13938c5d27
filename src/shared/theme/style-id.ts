// Its own module so the boot chunk can name the server's theme <style> without loading
// the CSS writer and the theme validator.
export const THEME_STYLE_ID = "theme-vars";
