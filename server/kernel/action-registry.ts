/**
 * Every declared action of the app, by name, with the feature that declared it (filled from
 * `features.ts` at start-up). The HTTP binding registers a route per action that has one; the
 * page loaders read through `read`; the OpenAPI document and the tests list them.
 */
import type { PageResult } from '../../common/views/page';
import type { OutputOf, ReadContract } from '../../common/actions/contract';
import { pathParams } from '../../common/actions/contract';
import type { AppContext } from '../context';
import type { AnyAction } from './actions';
import { performAction } from './action-runner';
import { answered } from './action-runner';
import type { Caller } from './caller';
import { attemptForLocale } from './pages';

export interface RegisteredAction {
  feature: string;
  action: AnyAction;
}

export class ActionRegistry {
  private readonly byName = new Map<string, RegisteredAction>();
  private readonly byRoute = new Map<string, string>();

  /** A feature's actions; a name or a route declared twice stops the start. */
  register(feature: string, actions: readonly AnyAction[]): void {
    for (const action of actions) {
      const { name, method, path } = action.contract;
      const known = this.byName.get(name);
      if (known) throw new Error(`action ${name} is declared by both ${known.feature} and ${feature}`);
      if ((method === null) !== (path === null)) throw new Error(`action ${name}: a method needs a path, and a path a method`);
      if (path) {
        const route = `${method} ${path.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, ':')}`;
        const other = this.byRoute.get(route);
        if (other) throw new Error(`actions ${other} and ${name} both answer ${method} ${path}`);
        this.byRoute.set(route, name);
        if (pathParams(path).length > 0 && !('shape' in action.contract.input)) throw new Error(`action ${name}: a path with parameters needs an object input`);
      }
      if (action.write && method !== 'POST') throw new Error(`action ${name}: a write is a POST`);
      this.byName.set(name, { feature, action });
    }
  }

  all(): RegisteredAction[] {
    return [...this.byName.values()];
  }

  /** The actions with an HTTP route. */
  routed(): RegisteredAction[] {
    return this.all().filter(({ action }) => action.contract.path !== null);
  }

  get(name: string): RegisteredAction | undefined {
    return this.byName.get(name);
  }

  /**
   * A page loader's read: the same steps as the API's, as the page's reader; a refusal (4xx)
   * comes back as the status and its message in the reader's language, for the error page.
   */
  read<C extends ReadContract>(ctx: AppContext, contract: C, caller: Caller, input: unknown): Promise<PageResult<OutputOf<C>>> {
    const found = this.byName.get(contract.name);
    if (!found) throw new Error(`no feature declares the action ${contract.name}`);
    const { action } = found;
    if (action.write) throw new Error(`${contract.name} writes: pages only read`);
    return attemptForLocale(caller.locale, async () => answered(ctx, action, await performAction(ctx, action, { caller, params: {}, fields: input, via: 'page' })) as OutputOf<C>);
  }
}
