import path from 'node:path';

/**
 * A screen imports from its own folder, screens/_shared and the rest of src/, never from another screen's
 * folder; code outside screens/ imports no screen (the route table, which lazy-loads each one, is allowed
 * by the config). no-restricted-imports matches the text of an import, so '../Canal/format' cannot be told
 * from '../_shared/StatusPanel' at every depth: this rule resolves the path first.
 */
export const screenFolders = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, allow: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      otherScreen:
        'screens/{{owner}} imports from screens/{{target}}: move the part both use to components/ or a feature folder (src/posts, src/channels...).',
      outsideScreens:
        '{{file}} imports from screens/{{target}}: a screen is reached through the route table only.',
    },
  },
  create(context) {
    const { root, allow = [] } = context.options[0];
    const src = path.resolve(context.cwd, root);
    const file = path.relative(src, context.filename).split(path.sep).join('/');
    if (file.startsWith('..') || allow.includes(file)) return {};
    const screenOf = (relative) => relative.match(/^screens\/([^/]+)\//)?.[1];
    const owner = screenOf(file);

    function check(node, specifier) {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = path.relative(src, path.resolve(path.dirname(context.filename), specifier));
      const screen = screenOf(`${target.split(path.sep).join('/')}/`);
      if (!screen || screen === owner || (owner && screen === '_shared')) return;
      context.report({
        node,
        messageId: owner ? 'otherScreen' : 'outsideScreens',
        data: { owner, target: screen, file },
      });
    }
    const fromSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => check(node.source, node.source.value),
    };
  },
};
